import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// `GET R`: the page envelope `{items, page, perPage, totalItems, totalPages}`; kept per query
    /// and caller until a collection or any record changes (``PocketBaseKeptAnswers``).
    func list(_ call: PocketBaseCall, _ collection: PocketBaseCollection) throws(PocketBaseErrorResponse)
        -> DialectResponse
    {
        let query = PercentDecoding.decode(call.request.rawQuery)
        guard PocketBaseKeptAnswers.isCacheable(collection.rules.list), PocketBaseKeptAnswers.isCacheable(query) else {
            return try listAnswer(call, collection)
        }
        return try kept(collection.name + "\u{0}?" + call.request.rawQuery, call) { () throws(PocketBaseErrorResponse) in
            try listAnswer(call, collection)
        }
    }

    private func listAnswer(_ call: PocketBaseCall, _ collection: PocketBaseCollection) throws(PocketBaseErrorResponse)
        -> DialectResponse
    {
        let page = try Self.intParameter(call.query("page")) ?? 1
        let perPage = try Self.intParameter(call.query("perPage")) ?? 30
        let skipTotal = try Self.skipTotal(call.query("skipTotal"))
        if collection.rules.list == nil, !call.caller.isSuperuser { throw .superusersOnly }
        try Self.refuseSuperuserOnlyFields(call)
        let scope = queryScope(call)
        var exprs: [Expr] = []
        let filter = try clientFilter(call, collection, scope: scope)
        if let filter { exprs.append(filter) }
        let order = try clientSort(call, collection, scope: scope)
        if !call.caller.isSuperuser {
            if let rule = collection.rules.list { exprs.append(ruleExpr(rule, collection, scope: scope)) }
            exprs += try joinGuards(filter: filter, order: order, in: collection, scope: scope)
        }
        let size = perPage <= 0 ? 30 : min(perPage, 1000)
        let number = max(page, 1)
        let start = (number - 1) * size
        let found: (records: [JSONObject], total: Int)
        do {
            let query = Query(collection.name, where: .all(exprs), order: order)
            found = try CompiledQuery(query, schema: scope.schema).findPage(
                in: scope.source, offset: start, limit: size, environment: scope.environment)
        } catch {
            throw .badRequest
        }
        let slice = found.records
        let total = found.total
        let items = try slice.map { row throws(PocketBaseErrorResponse) in
            try present(row, of: collection, call: call, scope: scope)
        }
        let totalItems = skipTotal ? -1 : total
        let totalPages = skipTotal ? -1 : (total + size - 1) / size
        return Self.json([
            "items": .array(items.map(JSONValue.object)), "page": .number(JSONNumber(number)), "perPage": .number(JSONNumber(size)),
            "totalItems": .number(JSONNumber(totalItems)), "totalPages": .number(JSONNumber(totalPages)),
        ])
    }

    /// `GET R/{id}`; without parameters, the answer is kept per caller until a collection or any
    /// record changes (unless the view rule reads the clock or the request).
    func view(_ call: PocketBaseCall, _ collection: PocketBaseCollection, id: String) throws(PocketBaseErrorResponse)
        -> DialectResponse
    {
        if collection.rules.view == nil, !call.caller.isSuperuser { throw .superusersOnly }
        guard call.request.query.isEmpty, PocketBaseKeptAnswers.isCacheable(collection.rules.view) else {
            return try viewAnswer(call, collection, id: id)
        }
        return try kept(collection.name + "\u{0}" + id, call) { () throws(PocketBaseErrorResponse) in
            try viewAnswer(call, collection, id: id)
        }
    }

    /// The answer kept for `request` (and the caller) while the collections and every
    /// collection's records keep their revisions, read before answering; otherwise `answer()`'s,
    /// kept when it is a 200.
    private func kept(
        _ request: String, _ call: PocketBaseCall, _ answer: () throws(PocketBaseErrorResponse) -> DialectResponse
    ) throws(PocketBaseErrorResponse) -> DialectResponse {
        let (generation, names) = state.withLock { state in (state.queries.generation, state.collections.map { $0.name }) }
        let validity = [generation] + names.map { (try? call.store.revision(of: $0)) ?? 0 }
        let key = request + "\u{0}" + call.caller.cacheKey
        if let bytes = keptAnswers.value(for: key, revisions: validity) {
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return DialectResponse(status: .ok, headers: headers, body: bytes)
        }
        let response = try answer()
        if response.status == .ok { keptAnswers.keep(response.body, for: key, revisions: validity) }
        return response
    }

    private func viewAnswer(_ call: PocketBaseCall, _ collection: PocketBaseCollection, id: String)
        throws(PocketBaseErrorResponse) -> DialectResponse
    {
        guard let record = try? call.store.get(collection.name, id: id) else { throw .notFound }
        let scope = queryScope(call)
        guard satisfies(collection.rules.view, record: record, in: collection, call: call, scope: scope) else {
            throw .notFound
        }
        return Self.json(.object(try present(record, of: collection, call: call, scope: scope)))
    }

    /// `DELETE R/{id}`: 204; referrers are pruned or, with `cascadeDelete`, deleted.
    func delete(_ call: PocketBaseCall, _ collection: PocketBaseCollection, id: String)
        throws(PocketBaseErrorResponse) -> DialectResponse
    {
        if collection.rules.delete == nil, !call.caller.isSuperuser { throw .superusersOnly }
        try call.store.transaction { () throws(PocketBaseErrorResponse) in
            guard let record = try? call.store.get(collection.name, id: id) else { throw .notFound }
            let scope = queryScope(call)
            guard satisfies(collection.rules.delete, record: record, in: collection, call: call, scope: scope) else {
                throw .notFound
            }
            try deleteCascading(collection, id: id, store: call.store)
        }
        return Self.noContent
    }

    func deleteCascading(_ collection: PocketBaseCollection, id: String, store: RecordStore)
        throws(PocketBaseErrorResponse)
    {
        _ = try? store.delete(collection.name, id: id)
        dropFiles(of: collection, recordId: id, in: store)
        for other in collections {
            for field in other.fields {
                guard case .relation(let options) = field.options, options.collectionId == collection.id else { continue }
                for row in Self.records(other, in: store) {
                    let value = row[field.name] ?? field.emptyValue
                    let ids = value.arrayValue?.compactMap(\.stringValue) ?? [value.stringValue].compactMap { $0 }
                    guard ids.contains(id), let rowID = row["id"]?.stringValue else { continue }
                    if options.cascadeDelete {
                        try deleteCascading(other, id: rowID, store: store)
                    } else {
                        let remaining = ids.filter { $0 != id }
                        let pruned: JSONValue = field.isMultiple ? .array(remaining.map(JSONValue.string)) : ""
                        _ = try? store.update(other.name, id: rowID, patch: [field.name: pruned])
                    }
                }
            }
        }
    }

    /// A strict integer query parameter (`abc`, `1.5`, `10abc` → 400).
    static func intParameter(_ text: String?) throws(PocketBaseErrorResponse) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard let value = Int(text) else { throw .badRequest }
        return value
    }

    static func skipTotal(_ text: String?) throws(PocketBaseErrorResponse) -> Bool {
        switch text?.lowercased() {
        case nil, "": false
        case "1", "true", "t": true
        case "0", "false", "f": false
        default: throw .badRequest
        }
    }
}
