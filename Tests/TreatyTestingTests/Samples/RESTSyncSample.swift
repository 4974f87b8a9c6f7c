import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON
@testable import TreatyREST
import TreatyTesting

/// The conformance suite's requests for a rest-sync backend: every readable endpoint, filled
/// with ids from the fixtures, and a create of a new record of the first resource that has one.
struct RESTSyncSample {
    let contract: Contract
    let fixtures: FixtureSet

    /// The id the sample's create sends (when the client owns identity).
    static let createdID = "00000000-0000-4000-8000-0000000000aa"
    /// The timestamp the sample's create sends, fixed so answers are byte-identical.
    static let timestamp = "2025-01-01T00:00:00.000Z"

    /// The sample for a backend of the dialect's example.
    @Sendable static func make(_ backend: SimulatedBackend) -> DialectSample {
        RESTSyncSample(contract: backend.contract, fixtures: backend.fixtures).sample()
    }

    func sample() -> DialectSample {
        let reads = contract.endpoints.compactMap(read)
        return DialectSample(reads: reads, write: write().map { [$0] } ?? [])
    }

    /// A GET of `endpoint` with path values of its first fixture record, checked as that
    /// endpoint's answer; the broken copy drops a declared key of the first record (`RS-NL-1`).
    private func read(_ endpoint: Endpoint) -> SampleRead? {
        guard endpoint.method == "GET", endpoint.returns != .none, endpoint.kind == .records,
            let resource = contract.resource(named: endpoint.resource),
            let record = fixtures.records[resource.name]?.first,
            let path = endpoint.path.filled(values(of: record, in: resource)),
            let dropped = droppableKey(of: resource)
        else { return nil }
        let isList = endpoint.returns == .list
        return SampleRead(
            request: SampleRequest(.get, path), subject: .endpoint(EndpointRequest(parsing: "GET \(endpoint.path)")),
            brokenRule: "RS-NL-1"
        ) { answer in
            Self.removing(dropped, fromFirstRecordOf: answer, isList: isList)
        }
    }

    private func values(of record: JSONObject, in resource: Resource) -> [String: String] {
        var values: [String: String] = [:]
        if let id = record[resource.identity.key].map(Self.text) {
            values[resource.identity.key] = id
            values["id"] = id
        }
        if let scope = resource.scope, let parent = record[scope.key].map(Self.text) { values[scope.key] = parent }
        return values
    }

    /// A declared key that must be present: a field emitted always, else the update timestamp.
    private func droppableKey(of resource: Resource) -> String? {
        resource.fields.first { $0.emit == .always && $0.relation?.shape != .nested }?.key()
            ?? resource.sync.updatedAt
    }

    private static func removing(_ key: String, fromFirstRecordOf answer: JSONValue, isList: Bool) -> JSONValue {
        if isList {
            guard var items = answer.arrayValue, let first = items.first?.objectValue else { return answer }
            var record = first
            record[key] = nil
            items[0] = .object(record)
            return .array(items)
        }
        guard var record = answer.objectValue else { return answer }
        record[key] = nil
        return .object(record)
    }

    /// A create of a new record of the first creatable resource with fixtures to point at.
    private func write() -> SampleRequest? {
        for endpoint in contract.endpoints where endpoint.method == "POST" && endpoint.kind == .records {
            guard let resource = contract.resource(named: endpoint.resource) else { continue }
            var parent: String?
            if let scope = resource.scope {
                guard let first = fixtures.records[scope.parent]?.first,
                    let parentResource = contract.resource(named: scope.parent),
                    let id = first[parentResource.identity.key]
                else { continue }
                parent = Self.text(id)
            }
            var references: [String: [String]] = [:]
            for field in resource.fields {
                guard let relation = field.relation, let target = contract.resource(named: relation.target) else {
                    continue
                }
                references[relation.target] = (fixtures.records[relation.target] ?? []).compactMap {
                    $0[target.identity.key].map(Self.text)
                }
            }
            let factory = RecordFactory(resource: resource, references: references)
            guard factory.missingReference == nil else { continue }
            let id = resource.create == .server ? nil : Self.createdID
            var pathValues: [String: String] = [:]
            if let scope = resource.scope, let parent { pathValues[scope.key] = parent }
            guard let path = endpoint.path.filled(pathValues) else { continue }
            let body = factory.body(id: id, parent: parent, now: Self.timestamp)
            return SampleRequest(.post, path, body: .object(body))
        }
        return nil
    }

    private static func text(_ value: JSONValue) -> String {
        value.stringValue ?? value.serialized()
    }
}
