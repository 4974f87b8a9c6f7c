import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

/// Everything a filter, sort or rule needs: the schema and a snapshot of the records.
struct PocketBaseQueryScope {
    let schema: QuerySchema
    let publicSchema: QuerySchema
    /// The ``PocketBaseQueryCache/generation`` the schemas come from.
    let generation: UInt64
    let source: PocketBaseStoreSource
    let environment: QueryEnvironment
}

extension PocketBaseDialect {
    /// A query scope over the store's records, with `replacing` standing in for one record
    /// (a create or update not yet written); `context` is what rules read as
    /// `@request.context` (`realtime` for subscription events).
    func queryScope(
        _ call: PocketBaseCall, body: JSONObject = JSONObject(),
        replacing: (collection: String, record: JSONObject)? = nil, context: String = "default"
    ) -> PocketBaseQueryScope {
        let (names, schemas, generation) = state.withLock { state in
            let schemas = state.queries.schemas ?? Self.querySchemas(state.collections)
            state.queries.schemas = schemas
            return (state.collections.map { $0.name }, schemas, state.queries.generation)
        }
        var query = JSONObject()
        for item in call.request.query where query[item.name] == nil { query[item.name] = .string(item.value) }
        let request: JSONObject = [
            "auth": .object(call.caller.authContext), "body": .object(body), "query": .object(query),
            "headers": .object(Self.ruleHeaders(call.request.headers)),
            "method": .string(call.request.method.rawValue), "context": .string(context),
        ]
        return PocketBaseQueryScope(
            schema: schemas.full, publicSchema: schemas.public, generation: generation,
            source: PocketBaseStoreSource(
                store: call.store, collections: names, indexes: indexes, replacing: replacing),
            environment: QueryEnvironment(now: call.store.presentTime(), request: request))
    }

    /// The request's headers as rules read them (`@request.headers.x_token`): names lower-cased
    /// with `-` as `_`, the first value of a repeated header, as the real server does.
    static func ruleHeaders(_ headers: HTTPFields) -> JSONObject {
        var object = JSONObject()
        for field in headers {
            let name = String(decoding: field.name.canonicalName.utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
            if object[name] == nil { object[name] = .string(field.value) }
        }
        return object
    }

    private static func querySchemas(_ all: [PocketBaseCollection]) -> (full: QuerySchema, public: QuerySchema) {
        (
            QuerySchema(all.map { $0.querySchema(includeHidden: true, collections: all) }),
            QuerySchema(all.map { $0.querySchema(includeHidden: false, collections: all) })
        )
    }

    /// `text` parsed as a filter of `collection` against the scope's full or public schema,
    /// from the cache when it was parsed before.
    func parsedFilter(
        _ text: String, of collection: String, publicSchema: Bool, scope: PocketBaseQueryScope
    ) throws(QueryParseError) -> Expr {
        let key = PocketBaseQueryCache.ExpressionKey(text: text, collection: collection, publicSchema: publicSchema)
        return try expressions.value(for: key, revisions: [scope.generation]) { () throws(QueryParseError) in
            try PocketBaseFilter.parse(
                text, schema: publicSchema ? scope.publicSchema : scope.schema, resource: collection)
        }
    }

    /// The expression of an API rule; a rule that does not parse matches nothing.
    func ruleExpr(_ rule: String, _ collection: PocketBaseCollection, scope: PocketBaseQueryScope) -> Expr {
        guard !rule.trimmingCharacters(in: .whitespaces).isEmpty else { return .true }
        return (try? parsedFilter(rule, of: collection.name, publicSchema: false, scope: scope)) ?? .false
    }

    /// The records matching every expression, in `order`.
    func find(
        _ collection: PocketBaseCollection, where exprs: [Expr], order: [OrderKey] = [], scope: PocketBaseQueryScope
    ) throws(PocketBaseErrorResponse) -> [JSONObject] {
        do {
            let query = Query(collection.name, where: .all(exprs), order: order)
            return try CompiledQuery(query, schema: scope.schema).find(in: scope.source, environment: scope.environment)
        } catch {
            throw .badRequest
        }
    }

    /// Whether `record` satisfies `rule` (`nil` rules pass only for superusers, blank ones
    /// for everybody).
    func satisfies(
        _ rule: String?, record: JSONObject, in collection: PocketBaseCollection, call: PocketBaseCall,
        scope: PocketBaseQueryScope
    ) -> Bool {
        if call.caller.isSuperuser { return true }
        guard let rule else { return false }
        if rule.trimmingCharacters(in: .whitespaces).isEmpty { return true }
        let id = record["id"]?.stringValue ?? ""
        let expr = ruleExpr(rule, collection, scope: scope)
        guard !id.isEmpty, !id.contains("\""), record["id"] == .string(id) else {
            // Unusual ids: query the collection as PocketBase would.
            let exprs = [expr, Self.idEquals(id, scope, collection)]
            return !((try? find(collection, where: exprs, scope: scope)) ?? []).isEmpty
        }
        // `record` is the collection's record with this id: test it alone.
        do {
            return try CompiledQuery(Query(collection.name, where: expr), schema: scope.schema)
                .matches(record, in: scope.source, environment: scope.environment)
        } catch {
            return false
        }
    }

    static func idEquals(_ id: String, _ scope: PocketBaseQueryScope, _ collection: PocketBaseCollection) -> Expr {
        let escaped = id.replacingOccurrences(of: "\"", with: "")
        return (try? PocketBaseFilter.parse("id = \"\(escaped)\"", schema: scope.schema, resource: collection.name))
            ?? .false
    }

    /// PocketBase's first look at a non-superuser's list request: a `filter` or `sort` whose text
    /// holds `@collection.` or `@request.` anywhere — even inside a quoted string, even where the
    /// rest would not parse — is refused with 403 before anything is parsed.
    static func refuseSuperuserOnlyFields(_ call: PocketBaseCall) throws(PocketBaseErrorResponse) {
        guard !call.caller.isSuperuser else { return }
        for parameter in ["filter", "sort"] {
            guard let text = call.query(parameter), !text.isEmpty else { continue }
            for prefix in ["@collection", "@request"] where text.utf8.firstRange(of: (prefix + ".").utf8) != nil {
                throw .superusersOnlyFilter(by: prefix)
            }
        }
    }

    /// A client's `filter=`, with PocketBase's refusals: blank text → 400, `@request`/`@collection`
    /// for non-superusers → 403 (see ``refuseSuperuserOnlyFields(_:)``), parse errors and unknown
    /// (or hidden) fields → 400; a
    /// non-superuser's filter is guarded by ``guardingEmails(_:in:)`` (and its joins by
    /// ``joinGuards(filter:order:in:scope:)``).
    func clientFilter(_ call: PocketBaseCall, _ collection: PocketBaseCollection, scope: PocketBaseQueryScope)
        throws(PocketBaseErrorResponse) -> Expr?
    {
        guard let text = call.query("filter"), !text.isEmpty else { return nil }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .badRequest }
        let expr: Expr
        do {
            expr = try parsedFilter(text, of: collection.name, publicSchema: !call.caller.isSuperuser, scope: scope)
        } catch {
            throw .badRequest
        }
        if !call.caller.isSuperuser {
            return guardingEmails(expr, in: collection)
        }
        return expr
    }

    /// A client's `sort=`, ties in insertion order: SQLite returns rows that tie on every
    /// `ORDER BY` term in rowid order, ascending whatever the direction of the terms (checked
    /// against the real server), and record ids are random, so the id is no tie-break.
    func clientSort(_ call: PocketBaseCall, _ collection: PocketBaseCollection, scope: PocketBaseQueryScope)
        throws(PocketBaseErrorResponse) -> [OrderKey]
    {
        let text = call.query("sort").flatMap { $0.isEmpty ? nil : $0 } ?? "@rowid"
        let schema = call.caller.isSuperuser ? scope.schema : scope.publicSchema
        do {
            let keys = try PocketBaseSort.parse(
                text, schema: schema, resource: collection.name, randomSeed: UInt64(call.store.presentTime()))
            return keys + [OrderKey(.insertionOrder)]
        } catch {
            throw .badRequest
        }
    }
}
