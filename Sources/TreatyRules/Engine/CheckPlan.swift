public import TreatyCore
import TreatyJSON

/// Everything the rules need to know about the records they check, compiled once from the
/// contract and the target.
///
/// A reference type: every record view holds it, so copying it must cost one reference count.
public final class CheckPlan: Sendable {
    /// The contract.
    public let contract: Contract
    /// What the plan checks.
    public let target: CheckTarget
    /// The resource whose records are checked.
    public let resource: Resource
    /// The endpoint, when checking responses.
    public let endpoint: Endpoint?
    /// The request's concrete values.
    public let request: RequestValues
    /// The keys records may carry, with what each means.
    public let keys: [KeySpec]
    /// Key → index into ``keys``.
    let keyIndex: [String: Int]
    /// The index into ``keys`` of the first key with each role.
    private let roleIndex: [Int?]
    /// The relations, with the keys of both their shapes; the sequence rules track the first 64.
    public let relations: [RelationKeys]
    /// The index into ``keys`` of the order field, if the resource has one.
    public let orderIndex: Int?
    /// Whether the response is an incremental feed (a since parameter is in the request).
    public let isIncrementalFeed: Bool
    /// The timestamp of an `updated_after`-style request, when given.
    public let sinceTimestamp: String?
    /// The version of a `since_version`-style request, when given.
    public let sinceVersion: Int64?

    /// Compiles a plan.
    ///
    /// - Throws: ``CheckSetupError`` when the target names an unknown resource or endpoint.
    public init(contract: Contract, target: CheckTarget) throws(CheckSetupError) {
        self.contract = contract
        self.target = target
        switch target {
        case .endpoint(let endpoint, let request):
            guard let resource = contract.resource(named: endpoint.resource) else {
                throw CheckSetupError.unknownResource(endpoint.resource, known: contract.resources.map(\.name))
            }
            self.resource = resource
            self.endpoint = endpoint
            self.request = request
        case .resource(let name):
            guard let resource = contract.resource(named: name) else {
                throw CheckSetupError.unknownResource(name, known: contract.resources.map(\.name))
            }
            self.resource = resource
            self.endpoint = nil
            self.request = RequestValues()
        }
        let keys = KeySpec.specs(for: resource, endpoint: endpoint, contract: contract)
        self.keys = keys
        var index: [String: Int] = [:]
        for (position, spec) in keys.enumerated() where index[spec.key] == nil { index[spec.key] = position }
        keyIndex = index
        var roles = [Int?](repeating: nil, count: KeySpec.Role.allCases.count)
        for (position, spec) in keys.enumerated() where roles[spec.role.ordinal] == nil {
            roles[spec.role.ordinal] = position
        }
        roleIndex = roles
        relations = resource.fields.compactMap { field in
            guard field.relation != nil, let foreign = index[field.key(in: .foreignKey)],
                let nested = index[field.key(in: .nested)]
            else { return nil }
            return RelationKeys(
                name: field.name, foreignKey: field.key(in: .foreignKey), nestedKey: field.key(in: .nested),
                foreignIndex: foreign, nestedIndex: nested)
        }
        orderIndex = resource.orderKey.flatMap { index[$0] }
        let query = self.request.query
        let timeValue = self.endpoint?.since.lazy.compactMap { query[$0] }.first
        let versionText = self.endpoint?.sinceVersion.lazy.compactMap { query[$0] }.first
        sinceTimestamp = timeValue
        sinceVersion = versionText.flatMap { Int64($0) }
        isIncrementalFeed = timeValue != nil || versionText != nil
    }

    /// An equal plan that shares no objects with this one, for another thread: threads that
    /// retain and release the same objects for every record slow each other down.
    func copyForAnotherThread() -> CheckPlan {
        (try? CheckPlan(contract: contract, target: target)) ?? self
    }

    /// Whether records are checked as items of a list response.
    public var isList: Bool { endpoint?.returns == .list }

    /// Where the endpoint is described, for diagnostics: `GET /projects/{project_id}/tasks`,
    /// or `resource 'task'`.
    public var contextDescription: String {
        endpoint?.signature ?? "resource '\(resource.name)'"
    }

    /// The spec for `key`, if declared.
    public func spec(forKey key: String) -> KeySpec? {
        keyIndex[key].map { keys[$0] }
    }

    /// The spec of the first key with `role`.
    public func spec(for role: KeySpec.Role) -> KeySpec? {
        roleIndex[role.ordinal].map { keys[$0] }
    }

    /// The index into ``keys`` of the first key with `role`.
    public func index(of role: KeySpec.Role) -> Int? {
        roleIndex[role.ordinal]
    }
}

/// A relation's name and the keys (and key indices) of its two shapes.
public struct RelationKeys: Sendable, Hashable {
    /// The relation's field name.
    public let name: String
    /// Its key in foreign-key shape.
    public let foreignKey: String
    /// Its key in nested shape.
    public let nestedKey: String
    /// The index of ``foreignKey`` in ``CheckPlan/keys``.
    public let foreignIndex: Int
    /// The index of ``nestedKey`` in ``CheckPlan/keys``.
    public let nestedIndex: Int
}

/// A contract that cannot be used for the requested check.
public enum CheckSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The named resource is not in the contract.
    case unknownResource(String, known: [String])
    /// The text does not read `METHOD /path`.
    case malformedEndpoint(String)
    /// No endpoint of the contract matches.
    case unknownEndpoint(String, suggestion: String?, known: [String])
    /// The dialect cannot check against this contract; the message says why and how to fix it.
    case unusableContract(String)

    public var description: String {
        switch self {
        case .malformedEndpoint(let text):
            return "'\(text)' does not name an endpoint; write it as 'METHOD /path', e.g. 'GET /projects/{project_id}/tasks'"
        case .unknownEndpoint(let text, let suggestion, let known):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            let list = known.isEmpty ? "it declares no endpoints" : "it declares: " + known.joined(separator: ", ")
            return "the contract has no endpoint matching '\(text)'\(hint); \(list)"
        case .unusableContract(let message):
            return message
        case .unknownResource(let name, let known):
            let hint = Suggestion.closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            return "the contract has no resource '\(name)'\(hint); it has: \(known.joined(separator: ", "))"
        }
    }
}
