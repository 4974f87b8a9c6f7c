import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

/// The `rest-sync` dialect: plain JSON over HTTP following the sync contract.
///
/// It serves any `rest-sync` contract from its endpoint list: bare arrays for lists (parent
/// scoped where the resource is), one object for single records, 201 for creates, `PATCH` as a
/// partial update and `PUT` as a replace, 204 for deletes, relations in each endpoint's declared
/// shape (nested records upserted by id, see ``NestedRelations``), incremental sync through the
/// endpoint's `since`/`since_version` parameters with a `Sync-Cursor` header, the batch upload
/// `POST /sync/upload` when the contract declares a `kind: sync_upload` endpoint, and rest-sync's
/// error body `{"error":{"code","message","field"}}` with 400 (`malformed_json`,
/// `invalid_query`), 404 (`not_found`), 409 (`conflict`), 410 (`cursor_expired`) and 422
/// (`missing_field`, `invalid_value`, `duplicate_id`, `invalid_reference`, `immutable_field`).
struct RESTDialect: Dialect {
    static let id = DialectID.restSync

    /// The contract served.
    let contract: Contract
    private let router: RESTRouter
    /// Each records endpoint's route, by the router's endpoint index; `nil` for a batch upload.
    private let routes: [RESTRoute?]
    private let presentation: RESTRecordPresentation
    private let parser = JSONParser()
    private let fullLists = RevisionCache<FullListKey, [UInt8]>(
        capacity: FullListKey.capacity, byteLimit: FullListKey.byteLimit)
    private let recordViews = RecordViews()

    /// Creates the dialect for `contract`.
    init(contract: Contract) {
        self.contract = contract
        router = RESTRouter(endpoints: contract.endpoints)
        routes = contract.endpoints.map { RESTRoute(endpoint: $0, contract: contract) }
        presentation = RESTRecordPresentation(contract: contract)
    }

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        switch router.route(method: request.method.rawValue, path: request.path) {
        case .notFound:
            return failureResponse(for: .routeNotFound(path: request.path))
        case .methodNotAllowed(let methods):
            return failureResponse(for: .methodNotAllowed(allowed: methods.compactMap { HTTPRequest.Method($0) }))
        case .matched(let match):
            do {
                return try handle(request, match: match, store: store)
            } catch {
                return RESTError.response(for: error)
            }
        }
    }

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        switch failure {
        case .routeNotFound(let path):
            return RESTError.response(.notFound, code: "not_found", message: "no endpoint serves \(path)")
        case .methodNotAllowed(let allowed):
            var headers = HTTPFields()
            headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
            return RESTError.response(
                .methodNotAllowed, code: "method_not_allowed",
                message: "this path answers \(allowed.map(\.rawValue).joined(separator: ", "))", headers: headers)
        case .payloadTooLarge(let limit):
            return RESTError.response(
                .contentTooLarge, code: "payload_too_large", message: "the body is larger than \(limit) bytes")
        case .unsupportedMediaType(let received):
            return RESTError.response(
                .unsupportedMediaType, code: "unsupported_media_type",
                message: "send JSON bodies as application/json, not \(received ?? "no content type")")
        case .injectedStatus(let status):
            return RESTError.response(status, code: RESTError.code(for: status), message: "injected fault: \(status)")
        case .rateLimited(let seconds):
            var headers = HTTPFields()
            headers[.retryAfter] = String(seconds)
            return RESTError.response(
                .tooManyRequests, code: "rate_limited", message: "too many requests; retry after \(seconds) s",
                headers: headers)
        }
    }

    private func handle(_ request: DialectRequest, match: RESTRouter.Match, store: RecordStore) throws(StoreError)
        -> DialectResponse
    {
        guard let route = routes[match.index] else {
            return try upload(request, endpoint: router.endpoints[match.index], store: store)
        }
        let scope = route.scope(match.parameters)
        let id = match.parameters[route.resource.identity.key]
        let nesting = route.nesting
        switch (request.method, route.endpoint.returns) {
        case (.get, .list):
            let since = try cursor(request, route.endpoint)
            if since == nil {
                return try fullList(route, scope: scope, store: store)
            }
            let list = try store.list(route.resource.name, scope: scope, since: since)
            var headers = HTTPFields()
            if let cursor = list.cursor { headers[HTTPField.Name("Sync-Cursor")!] = cursor }
            return json(
                .array(list.records.map { show($0, route: route, store: store) }), status: route.endpoint.status,
                headers: headers)
        case (.get, _):
            let id = id ?? ""
            let before = try RecordViews.Revisions(of: route, store: store)
            let body: [UInt8]
            if let kept = recordViews.answer(endpoint: match.index, parentID: scope?.id, id: id, at: before) {
                body = kept
            } else {
                body = show(try store.get(route.resource.name, id: id, scope: scope), route: route, store: store)
                    .serializedBytes()
                // A write between the two readings may or may not be in the body: keep it only if none came.
                if try RecordViews.Revisions(of: route, store: store) == before {
                    recordViews.keep(body, endpoint: match.index, parentID: scope?.id, id: id, at: before)
                }
            }
            return DialectResponse(status: .init(code: route.endpoint.status), headers: Self.jsonFields, body: body)
        case (.delete, _):
            let tombstone = try store.delete(route.resource.name, id: id ?? "", scope: scope)
            if route.endpoint.status == 204 || route.endpoint.returns == .none {
                return DialectResponse(status: .init(code: route.endpoint.status))
            }
            return json(show(tombstone, route: route, store: store), status: route.endpoint.status)
        case (let method, _):
            let body: JSONValue
            switch decodeBody(request) {
            case .success(let value): body = value
            case .failure(let refusal): return refusal.response
            }
            func write(_ input: JSONValue) throws(StoreError) -> JSONObject {
                switch method {
                case .post: try store.create(route.resource.name, scope: scope, body: input)
                case .put:
                    try store.replace(
                        route.resource.name, id: id ?? "", scope: scope, record: input, writable: route.endpoint.writes)
                default:
                    try store.update(
                        route.resource.name, id: id ?? "", scope: scope, patch: input, writable: route.endpoint.writes)
                }
            }
            // Nested children are upserted in the write's transaction: a refused write leaves none behind.
            let record =
                if nesting.isEmpty {
                    try write(body)
                } else {
                    try store.transaction { () throws(StoreError) -> JSONObject in
                        try write(nesting.absorb(body, store: store))
                    }
                }
            return json(show(record, route: route, store: store), status: route.endpoint.status)
        }
    }

    /// A batch upload's answer (``SyncUpload``); a 404 for another endpoint without a route.
    private func upload(_ request: DialectRequest, endpoint: Endpoint, store: RecordStore) throws(StoreError)
        -> DialectResponse
    {
        guard endpoint.kind == .syncUpload else { throw StoreError(.notFound, "no resource '\(endpoint.resource)'") }
        let body: JSONValue
        switch decodeBody(request) {
        case .success(let value): body = value
        case .failure(let refusal): return refusal.response
        }
        let results = try SyncUpload(contract: contract, endpoint: endpoint).apply(body, to: store)
        return json(results, status: endpoint.status)
    }

    /// A full list, serialized once per content of the tables it reads (see ``FullListKey``).
    private func fullList(_ route: RESTRoute, scope: Scope?, store: RecordStore) throws(StoreError)
        -> DialectResponse
    {
        let resource = route.resource.name
        let key = FullListKey(resource: resource, parentID: scope?.id)
        let before = try Self.revisions(of: route, store: store)
        let body: [UInt8]
        if let cached = fullLists.value(for: key, revisions: before) {
            body = cached
        } else {
            let records = try store.list(resource, scope: scope).records
            body = JSONValue.array(
                route.nesting.isEmpty
                    ? presentation.present(records, of: resource).map(JSONValue.object)
                    : records.map { show($0, route: route, store: store) }
            ).serializedBytes()
            // A write between the two readings may or may not be in the body: keep it only if none came.
            if try Self.revisions(of: route, store: store) == before {
                fullLists.keep(body, for: key, revisions: before)
            }
        }
        return DialectResponse(status: .init(code: route.endpoint.status), headers: Self.jsonFields, body: body)
    }

    /// `record` as `route` shows it: its nested relations' records in place, keys presented.
    private func show(_ record: JSONObject, route: RESTRoute, store: RecordStore) -> JSONValue {
        .object(
            presentation.present(
                route.nesting.nest(record, store: store, show: presentation.present), of: route.resource.name))
    }

    /// The revisions a kept answer through `route` depends on (``RESTRoute/dependencies``).
    private static func revisions(of route: RESTRoute, store: RecordStore) throws(StoreError) -> [UInt64] {
        var result: [UInt64] = []
        result.reserveCapacity(route.dependencies.count)
        for table in route.dependencies { result.append(try store.revision(of: table)) }
        return result
    }

    /// The header fields of every JSON answer.
    private static let jsonFields: HTTPFields = [.contentType: "application/json"]

    private func cursor(_ request: DialectRequest, _ endpoint: Endpoint) throws(StoreError) -> SyncCursor? {
        if let value = endpoint.since.lazy.compactMap({ request.queryValue($0) }).first {
            return .updatedAfter(value)
        }
        if let value = endpoint.sinceVersion.lazy.compactMap({ request.queryValue($0) }).first {
            return .sinceVersion(value)
        }
        return nil
    }

    /// The request's JSON body, or the response refusing it: 415 for a content type other
    /// than JSON, 400 `malformed_json` for a body that does not parse.
    func decodeBody(_ request: DialectRequest) -> Result<JSONValue, Refusal> {
        if let type = request.headers[.contentType]?.lowercased(), !type.hasPrefix("application/json"),
            !(type.hasPrefix("application/") && type.contains("+json"))
        {
            return .failure(Refusal(response: failureResponse(for: .unsupportedMediaType(received: type))))
        }
        do {
            return .success(try parser.parse(request.body))
        } catch {
            return .failure(
                Refusal(
                    response: RESTError.response(
                        .badRequest, code: "malformed_json", message: "malformed JSON: \(error)")))
        }
    }

    /// A response that refuses a request, carried as an error.
    struct Refusal: Error {
        let response: DialectResponse
    }

    func json(_ value: JSONValue, status: Int, headers: HTTPFields = [:]) -> DialectResponse {
        var fields = headers
        fields[.contentType] = "application/json"
        return DialectResponse(status: .init(code: status), headers: fields, body: value.serializedBytes())
    }
}
