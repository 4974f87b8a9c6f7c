internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// What a generated round-trip case works with: the resource's routes, the records it may
/// reference on the target (found by listing them first), and helpers that create, read,
/// change and delete its own records — checking every answer against the contract.
struct Workbench {
    let routes: ResourceRoutes
    let context: CaseContext
    /// Parent ids on the target, for a scoped resource (at most two are used).
    let parents: [String]
    let factory: RecordFactory

    var resource: Resource { routes.resource }
    var contract: Contract { context.contract }
    var idKey: String { resource.identity.key }

    /// Lists what the resource's records can point at, then returns a workbench.
    ///
    /// - Throws: ``CaseContext/Skip`` when there is no parent to create under, or a required
    ///   relation has no record to point at.
    static func prepare(_ routes: ResourceRoutes, context: CaseContext) async throws -> Workbench {
        let contract = context.contract
        var parents: [String] = []
        if let scope = routes.resource.scope {
            guard let parentList = routes.parentList, let path = parentList.path.filled([:]) else {
                throw CaseContext.Skip("no unscoped GET list of '\(scope.parent)' to find a parent record")
            }
            parents = try await ids(at: path, endpoint: parentList, context: context)
            guard !parents.isEmpty else {
                throw CaseContext.Skip("the target has no '\(scope.parent)' record to work under")
            }
        }
        var references: [String: [String]] = [:]
        for field in routes.resource.fields {
            guard let relation = field.relation, references[relation.target] == nil else { continue }
            let list = contract.endpoints.first {
                $0.resource == relation.target && $0.method == "GET" && $0.returns == .list
                    && $0.path.parameters.isEmpty
            }
            guard let list, let path = list.path.filled([:]) else { continue }
            references[relation.target] = try await ids(at: path, endpoint: list, context: context)
        }
        let factory = RecordFactory(resource: routes.resource, references: references)
        if let missing = factory.missingReference {
            throw CaseContext.Skip("the target has no '\(missing)' record for a required relation to point at")
        }
        return Workbench(routes: routes, context: context, parents: parents, factory: factory)
    }

    private static func ids(at path: String, endpoint: Endpoint, context: CaseContext) async throws -> [String] {
        let reply = try await context.send(.get, path)
        try context.require(
            reply, status: endpoint.status, rule: nil, "listing \(endpoint.resource) records to work with")
        let key = context.contract.resource(named: endpoint.resource)?.identity.key ?? "id"
        return (reply.json?.arrayValue ?? []).compactMap { idText($0.objectValue?[key]) }
    }

    /// An id value as text: a string as it is, a number as written (an `int` identity), `nil`
    /// when absent or null.
    static func idText(_ value: JSONValue?) -> String? {
        guard let value, value != .null else { return nil }
        return value.stringValue ?? value.serialized()
    }

    /// The first parent, or `nil` for an unscoped resource.
    var parent: String? { parents.first }

    func pathValues(id: String? = nil, parent: String?) -> [String: String] {
        var values: [String: String] = [:]
        if let scope = resource.scope, let parent { values[scope.key] = parent }
        if let id {
            values[resource.identity.key] = id
            values["id"] = id
        }
        return values
    }

    func collectionPath(parent: String?) -> String? {
        routes.create?.path.filled(pathValues(parent: parent)) ?? routes.list?.path.filled(pathValues(parent: parent))
    }

    func itemPath(_ id: String, parent: String?, endpoint: Endpoint? = nil) -> String? {
        (endpoint ?? routes.item ?? routes.update ?? routes.delete)?.path.filled(pathValues(id: id, parent: parent))
    }

    /// A new create body (with a fresh id when the client sends ids: a UUID, or a positive
    /// number for an `int` identity).
    func newBody(id: String? = nil, parent: String? = nil, order: Int = 0) -> (id: String?, body: JSONObject) {
        let fresh = resource.identity.type == .int ? String(Int.random(in: 1_000_000...2_000_000_000)) : context.newID()
        let identity = resource.create == .server ? nil : (id ?? fresh)
        return (
            identity, factory.body(id: identity, parent: parent ?? self.parent, now: context.timestamp(), order: order)
        )
    }

    /// Creates a record and requires the contract's success status; returns the stored record.
    func create(_ body: JSONObject, parent: String? = nil, rule: RuleID? = nil) async throws -> JSONObject {
        guard let endpoint = routes.create, let path = collectionPath(parent: parent ?? self.parent) else {
            throw CaseContext.Skip("the contract declares no POST for '\(resource.name)'")
        }
        let reply = try await context.send(.post, path, body: .object(body))
        try context.require(
            reply, status: endpoint.status, rule: rule, "creating a valid \(resource.name) must succeed")
        context.checkConformance(reply, endpoint: endpoint, path: pathValues(parent: parent ?? self.parent))
        guard let record = reply.json?.objectValue else {
            context.fail(rule, "\(reply.request) answered \(reply.status) without a record object")
            throw CaseContext.Stop()
        }
        return record
    }

    /// Reads a record; returns the reply without requiring a status.
    func get(_ id: String, parent: String? = nil) async throws -> Reply {
        guard let path = itemPath(id, parent: parent ?? self.parent, endpoint: routes.item) else {
            throw CaseContext.Skip("the contract declares no GET by id for '\(resource.name)'")
        }
        return try await context.send(.get, path)
    }

    /// Reads a record that must exist, checking it against the contract.
    func read(_ id: String, parent: String? = nil, rule: RuleID? = nil) async throws -> JSONObject {
        let reply = try await get(id, parent: parent)
        guard let endpoint = routes.item else { throw CaseContext.Skip("no GET by id") }
        try context.require(reply, status: endpoint.status, rule: rule, "reading back a record the case created")
        context.checkConformance(reply, endpoint: endpoint, path: pathValues(id: id, parent: parent ?? self.parent))
        return reply.json?.objectValue ?? JSONObject()
    }

    /// Sends a PATCH; returns the reply without requiring a status.
    func patch(_ id: String, _ body: JSONObject, parent: String? = nil) async throws -> Reply {
        guard let path = itemPath(id, parent: parent ?? self.parent, endpoint: routes.update) else {
            throw CaseContext.Skip("the contract declares no PATCH for '\(resource.name)'")
        }
        return try await context.send(.patch, path, body: .object(body))
    }

    /// Sends a PATCH that must succeed; returns the stored record.
    func update(_ id: String, _ body: JSONObject, rule: RuleID?) async throws -> JSONObject {
        let reply = try await patch(id, body)
        guard let endpoint = routes.update else { throw CaseContext.Skip("no PATCH") }
        try context.require(reply, status: endpoint.status, rule: rule, "a valid PATCH must succeed")
        // A contract may declare a PATCH that answers without a body (204): read the record back.
        guard !reply.body.isEmpty else { return try await read(id, rule: rule) }
        context.checkConformance(reply, endpoint: endpoint, path: pathValues(id: id, parent: parent))
        return reply.json?.objectValue ?? JSONObject()
    }

    /// Sends a DELETE; returns the reply.
    func delete(_ id: String, parent: String? = nil) async throws -> Reply {
        guard let path = itemPath(id, parent: parent ?? self.parent, endpoint: routes.delete) else {
            throw CaseContext.Skip("the contract declares no DELETE for '\(resource.name)'")
        }
        return try await context.send(.delete, path)
    }

    /// The fields a PATCH may set (not identity, parent, immutable or server-owned).
    var writableFields: [Field] {
        resource.fields.filter { !$0.immutable }
    }
}
