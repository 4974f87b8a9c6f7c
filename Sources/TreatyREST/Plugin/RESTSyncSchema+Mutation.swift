internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension RESTSyncSchema {
    /// rest-sync answers for the shared mutation operators: records at the top of every answer
    /// (a bare array for lists), fields at the top of each record, the `since` parameters of each
    /// change feed, the version as the concurrency token and `deleted_at` as the tombstone.
    func mutationAnatomy() -> MutationAnatomy {
        var names = Set<String>()
        let routes = contract.endpoints.compactMap { endpoint -> AnswerRoute? in
            guard endpoint.kind == .records, let resource = contract.resource(named: endpoint.resource),
                let method = HTTPRequest.Method(endpoint.method)
            else { return nil }
            let role: AnswerRoute.Role =
                method == .get ? (endpoint.returns == .list ? .list : .read) : .write
            var name = "\(resource.name).\(Self.verb(method, returns: endpoint.returns))"
            if !names.insert(name).inserted, case .literal(let last)? = endpoint.path.segments.last {
                name += "-\(last)"
                names.insert(name)
            }
            let parameters =
                endpoint.since.map { QueryParameter.query($0, .since) }
                + endpoint.sinceVersion.map { QueryParameter.query($0, .since) }
            let feeds = !parameters.isEmpty
            // A write to `/…/{id}` aims at one record of the resource's store table.
            let aimed = method == .patch || method == .put || method == .delete
            return AnswerRoute(
                name: name, method: method, path: endpoint.path, resource: resource.name, role: role,
                fieldKeys: method == .delete ? [] : Self.fields(of: resource, endpoint: endpoint),
                parameters: parameters, ordered: resource.orderKey != nil || feeds,
                token: method == .delete ? nil : resource.sync.version.map { [$0] },
                tombstone: feeds ? resource.sync.tombstone.map { [$0] } : nil,
                writeFields: aimed && method != .delete ? [] : nil,
                store: aimed && endpoint.path.parameters.last != nil ? resource.name : nil,
                orderKey: role == .list && !feeds ? resource.orderKey : nil)
        }
        return MutationAnatomy(
            prefix: "RS", spec: "rest-sync.md", routes: routes, clauses: Self.clauses,
            errorStatuses: [.badRequest, .notFound, .gone, .unprocessableContent],
            errorCodes: ErrorCodes(paths: [["error", "code"]], codes: Self.errorCodes))
    }

    /// The verb of a route in mutant ids.
    static func verb(_ method: HTTPRequest.Method, returns: Endpoint.Cardinality) -> String {
        switch method {
        case .get: returns == .list ? "list" : "get"
        case .post: "create"
        case .patch: "update"
        case .put: "replace"
        case .delete: "delete"
        default: method.rawValue.lowercased()
        }
    }

    /// The keys of `resource`'s records on `endpoint`, with their kinds.
    static func fields(of resource: Resource, endpoint: Endpoint) -> [AnatomyField] {
        var fields = [AnatomyField(resource.identity.key, .identifier)]
        if let scope = resource.scope { fields.append(AnatomyField(scope.key, .reference)) }
        for field in resource.fields {
            let key = field.key(in: endpoint.shape(of: field))
            switch field.kind {
            case .relation(let relation): fields.append(AnatomyField(key, relation.many ? .references : .reference))
            case .attribute(let type, _):
                switch type {
                case .int, .number: fields.append(AnatomyField(key, .number))
                case .datetime: fields.append(AnatomyField(key, .timestamp))
                case .uuid: fields.append(AnatomyField(key, .reference))
                default: fields.append(AnatomyField(key, .text))
                }
            }
        }
        let sync = resource.sync
        for key in [sync.createdAt, sync.updatedAt, sync.tombstone].compactMap(\.self) {
            fields.append(AnatomyField(key, .timestamp))
        }
        if let version = sync.version { fields.append(AnatomyField(version, .number)) }
        return fields
    }

    /// The error codes a rest-sync backend answers with (`{"error": {"code": …}}`).
    static let errorCodes: [JSONValue] = [
        "malformed_json", "invalid_query", "missing_field", "invalid_value", "invalid_reference", "immutable_field",
        "duplicate_id", "not_found", "cursor_expired",
    ]

    /// The section of rest-sync.md each shared operator's behaviour comes from.
    static let clauses: [MutationOperator: String] = [
        .dropKey: "§3", .recaseKey: "§2", .nullAsMissing: "§3", .emptyAsNull: "§3", .numberAsText: "§1",
        .timestampWithoutFraction: "§7", .timestampWithoutZone: "§7", .idReshaped: "§1", .referenceExpanded: "§4",
        .listAsSingle: "§4", .keyRenamed: "§4", .reversedOrder: "§6", .orderUnstable: "§6", .pageShort: "§5", .pageLong: "§5", .tombstoneDropped: "§8",
        .parameterIgnored: "§8", .boundaryFlipped: "§8", .writeNotApplied: "§3", .writeAppliedTwice: "§7",
        .writeAppliedPartially: "§3", .writeAppliedToDeleted: "§7", .writeAppliedToWrongRecord: "§3",
        .tokenNotBumped: "§7", .errorStatus: "Endpoints", .errorEnvelope: "Endpoints", .errorCodeChanged: "Endpoints",
    ]
}
