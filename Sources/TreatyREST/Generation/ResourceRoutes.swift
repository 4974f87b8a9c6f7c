internal import TreatyCore
internal import TreatyDialectKit

/// The endpoints a contract declares for one resource, by role: what generated cases call.
struct ResourceRoutes: Sendable {
    let resource: Resource
    /// `GET` of every live record (in scope), e.g. `GET /projects/{project_id}/tasks`.
    var list: Endpoint?
    /// The list endpoint when it also serves incremental feeds (`since`/`since_version`).
    var feed: Endpoint?
    /// `GET` of one record.
    var item: Endpoint?
    /// `POST` creating a record.
    var create: Endpoint?
    /// `PATCH` of one record, accepting every writable field.
    var update: Endpoint?
    /// `DELETE` of one record.
    var delete: Endpoint?
    /// `GET` of the parent resource's records, for a scoped resource.
    var parentList: Endpoint?
    /// The batch upload (`kind: sync_upload`) that accepts this resource, e.g. `POST /sync/upload`.
    var upload: Endpoint?
    /// Writes of some fields only (`writes: [...]`), e.g. `PUT …/tasks/{id}/watchers`.
    var partialWrites: [Endpoint] = []

    init(resource: Resource, contract: Contract) {
        self.resource = resource
        let own = contract.endpoints.filter { $0.resource == resource.name && ($0.scoped || resource.scope == nil) }
        let idParameter = resource.identity.key
        func isItem(_ endpoint: Endpoint) -> Bool {
            guard case .parameter(let name) = endpoint.path.segments.last else { return false }
            return name == idParameter || name == "id"
        }
        list = own.first { $0.method == "GET" && $0.returns == .list && !isItem($0) }
        feed = own.first { $0.method == "GET" && $0.returns == .list && !($0.since.isEmpty && $0.sinceVersion.isEmpty) }
        item = own.first { $0.method == "GET" && $0.returns == .one && isItem($0) }
        create = own.first { $0.method == "POST" && !isItem($0) }
        update = own.first { $0.method == "PATCH" && isItem($0) && $0.writes == nil }
        delete = own.first { $0.method == "DELETE" && isItem($0) }
        upload = contract.endpoints.first {
            $0.kind == .syncUpload && ($0.resource.isEmpty || $0.resource == resource.name)
        }
        partialWrites = own.filter { ($0.method == "PUT" || $0.method == "PATCH") && $0.writes != nil }
        if let scope = resource.scope {
            parentList = contract.endpoints.first {
                $0.resource == scope.parent && $0.method == "GET" && $0.returns == .list && $0.path.parameters.isEmpty
            }
        }
    }

    /// The roles a generated case can need.
    enum Role: Sendable {
        case list, feed, item, create, update, delete, upload
    }

    /// The endpoint in `role`, if the contract declares one.
    func endpoint(_ role: Role) -> Endpoint? {
        switch role {
        case .list: list
        case .feed: feed
        case .item: item
        case .create: create
        case .update: update
        case .delete: delete
        case .upload: upload
        }
    }

    /// The name of the item endpoints' last path parameter.
    var itemParameter: String? {
        guard let endpoint = item ?? update ?? delete, case .parameter(let name) = endpoint.path.segments.last else { return nil }
        return name
    }
}
