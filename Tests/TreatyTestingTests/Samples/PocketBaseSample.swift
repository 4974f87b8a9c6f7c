import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON
@testable import TreatyPocketBase
import TreatyTesting

/// The conformance suite's requests for a PocketBase backend: the list of every collection
/// anyone may list, a view of each fixture record anyone may view, and — logged in as the
/// superuser — the create of a record in the first collection whose fields need no relation.
struct PocketBaseSample {
    let backend: SimulatedBackend

    /// The sample for a backend of the dialect's example.
    @Sendable static func make(_ backend: SimulatedBackend) -> DialectSample {
        PocketBaseSample(backend: backend).sample()
    }

    func sample() -> DialectSample {
        let collections = loadedCollections()
        var reads: [SampleRead] = []
        for collection in collections where collection.rules.list == "" {
            let path = "/api/collections/\(collection.name)/records"
            reads.append(
                SampleRead(
                    request: SampleRequest(.get, path), subject: .endpoint(EndpointRequest(parsing: "GET \(path)")), brokenRule: .pocketBaseList
                ) { answer in
                    Self.removing("perPage", from: answer)
                })
        }
        for collection in collections where collection.rules.view == "" {
            guard let id = backend.fixtures.records[collection.name]?.first?["id"]?.stringValue else { continue }
            let path = "/api/collections/\(collection.name)/records/\(id)"
            reads.append(
                SampleRead(
                    request: SampleRequest(.get, path), subject: .endpoint(EndpointRequest(parsing: "GET \(path)")),
                    brokenRule: .pocketBaseRecord
                ) { answer in
                    Self.removing("collectionName", from: answer)
                })
        }
        let login = SampleRequest(
            .post, "/api/collections/_superusers/auth-with-password",
            body: ["identity": "admin@example.com", "password": "admin-password-123"],
            sessionToken: try? JSONPointer(parsing: "/token"))
        return DialectSample(session: [login], reads: reads, write: write(collections))
    }

    private func loadedCollections() -> [PocketBaseCollection] {
        guard let file = PocketBaseSchemaFile.decode(from: backend.contract).file else { return [] }
        return PocketBaseSchemaLoader().load(fileAt: file.path).collections.filter {
            !$0.name.hasPrefix("_") && $0.type == .base
        }
    }

    private func write(_ collections: [PocketBaseCollection]) -> [SampleRequest] {
        guard let collection = collections.first(where: Self.isPlain) else { return [] }
        var body = JSONObject()
        for field in collection.fields where PocketBaseSampleValues.isWritable(field, in: collection) {
            if let value = PocketBaseSampleValues.value(for: field, unique: "conformance") { body[field.name] = value }
        }
        return [SampleRequest(.post, "/api/collections/\(collection.name)/records", body: .object(body))]
    }

    /// Whether every writable field takes a fixed value (no relation to create first, no
    /// date that depends on the day).
    private static func isPlain(_ collection: PocketBaseCollection) -> Bool {
        collection.fields.allSatisfy { field in
            !PocketBaseSampleValues.isWritable(field, in: collection)
                || (field.type != .relation && field.type != .date)
        }
    }

    private static func removing(_ key: String, from answer: JSONValue) -> JSONValue {
        guard var object = answer.objectValue else { return answer }
        object[key] = nil
        return .object(object)
    }
}
