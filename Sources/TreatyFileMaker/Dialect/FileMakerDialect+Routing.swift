internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyJSON

extension FileMakerDialect {
    /// The Data API's routes under `/fmi/data/{v1|v2|vLatest}`.
    func route(_ call: FileMakerCall) throws(FileMakerError) -> DialectResponse {
        if call.request.path.hasPrefix(Self.streamingPrefix), call.request.method == .get {
            return download(call, key: PercentDecoding.decode(call.request.path.dropFirst(Self.streamingPrefix.count)))
        }
        let segments = call.request.path.split(separator: "/").map { PercentDecoding.decode($0) }
        guard segments.count >= 3, segments[0] == "fmi", segments[1] == "data",
            ["v1", "v2", "vLatest"].contains(segments[2])
        else { throw notFound() }
        let isUpload = segments.count >= 11 && segments[9] == "containers"
        if !isUpload { try requireJSON(call) }
        let rest = Array(segments.dropFirst(3))
        let method = call.request.method
        if rest.count == 1 {
            switch rest[0] {
            case "productInfo": try allow([.get], method); return productInfo()
            case "databases": try allow([.get], method); return databases()
            case "validateSession": try allow([.get], method); return try validateSession(call)
            default: throw notFound()
            }
        }
        guard rest.count >= 3, rest[0] == "databases" else { throw notFound() }
        guard let database = configuration.schema.database(named: rest[1]) else { throw FileMakerError.unableToOpen }
        let tail = Array(rest.dropFirst(2))
        if tail[0] == "sessions" {
            switch tail.count {
            case 1: try allow([.post], method); return try login(call, database)
            case 2: try allow([.delete], method); return logout(tail[1], call)
            default: throw notFound()
            }
        }
        let session = try authorize(call, database)
        if tail.count == 1 {
            switch tail[0] {
            case "layouts": try allow([.get], method); return layouts(database)
            case "scripts": try allow([.get], method); return scripts(database)
            case "globals": try allow([.patch], method); return try globals(call, database, token: session.token)
            default: throw notFound()
            }
        }
        guard tail.count >= 2, tail[0] == "layouts" else { throw notFound() }
        guard let layout = database.layout(named: tail[1]) else { throw FileMakerError.layoutMissing }
        let context = FileMakerContext(
            call: call, database: database, layout: layout, globals: session.globals,
            dateFormat: try dateFormat(call), caches: state.caches)
        let action = Array(tail.dropFirst(2))
        switch (action.count, action.first) {
        case (0, _):
            try allow([.get], method)
            return try metadata(context)
        case (1, "records"):
            try allow([.get, .post], method)
            if method == .post { return try create(context) }
            try refuseUnknownQuery(call, allowed: Self.rangeQueryKeys)
            return try range(context)
        case (2, "records"):
            try allow([.get, .patch, .delete, .post], method)
            switch method {
            case .get:
                try refuseUnknownQuery(call, allowed: Self.recordQueryKeys)
                return try record(context, id: action[1])
            case .patch: return try edit(context, id: action[1])
            case .delete: return try delete(context, id: action[1])
            default: return try duplicate(context, id: action[1])
            }
        case (1, "_find"):
            try allow([.post], method)
            return try find(context)
        case (2, "script"):
            try allow([.get], method)
            return try runScript(context, name: action[1])
        case (4, "records") where action[2] == "containers", (5, "records") where action[2] == "containers":
            try allow([.post], method)
            return try upload(context, id: action[1], field: action[3])
        default:
            throw notFound()
        }
    }

    /// Whether `body` holds the bytes `dateformats` (so only such bodies are parsed for it).
    static func mentionsDateFormats(_ body: [UInt8]) -> Bool {
        let needle = Array("dateformats".utf8)
        guard body.count >= needle.count else { return false }
        for start in 0...(body.count - needle.count) where body[start] == needle[0] {
            if body[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    static let recordQueryKeys = ["portal", "layout.response", "dateformats"] + FileMakerScriptRun.keys
    static let rangeQueryKeys = ["_offset", "_limit", "_sort"] + recordQueryKeys

    /// 1704 on HTTP 405 when the path exists but not for this verb.
    private func allow(_ methods: [HTTPRequest.Method], _ method: HTTPRequest.Method) throws(FileMakerError) {
        guard methods.contains(method) else {
            throw FileMakerError(1704, "Resource doesn't support the specified HTTP verb", status: .methodNotAllowed)
        }
    }

    /// 415 when a call with a body does not say it is JSON.
    private func requireJSON(_ call: FileMakerCall) throws(FileMakerError) {
        guard !call.request.body.isEmpty else { return }
        let type = call.request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/json") else {
            throw FileMakerError(
                1708, "Unsupported media type \(type.isEmpty ? "(none)" : type); send Content-Type: application/json",
                status: .unsupportedMediaType)
        }
    }

    /// 960 on HTTP 400 for query parameters the call does not take (portal paging keys are
    /// `_offset.<portal>` and `_limit.<portal>`).
    private func refuseUnknownQuery(_ call: FileMakerCall, allowed: [String]) throws(FileMakerError) {
        let unknown = call.request.query.map(\.name).filter { name in
            !allowed.contains(name) && !name.hasPrefix("_offset.") && !name.hasPrefix("_limit.")
        }
        if !unknown.isEmpty { throw FileMakerError.unknownParameters(unknown) }
    }

    private func notFound() -> FileMakerError {
        FileMakerError(3, "Command is unavailable", status: .notFound)
    }

    /// `dateformats` from the query or the body: 0 US, 1 the file's locale, 2 ISO 8601.
    private func dateFormat(_ call: FileMakerCall) throws(FileMakerError) -> FileMakerValue.DateFormat {
        var text = call.query("dateformats")
        if text == nil, call.request.body.count > 13, Self.mentionsDateFormats(call.request.body),
            let value = (try? call.body())?["dateformats"]
        {
            text = value.stringValue ?? value.numberValue?.text
        }
        guard let text else { return .us }
        guard let number = Int(text), let format = FileMakerValue.DateFormat(rawValue: number) else {
            throw FileMakerError.parameterInvalid("dateformats must be 0, 1 or 2")
        }
        return format
    }
}

/// What a layout-scoped call works with.
struct FileMakerContext {
    let call: FileMakerCall
    let database: FileMakerDatabase
    let layout: FileMakerLayout
    let globals: [String: JSONValue]
    let dateFormat: FileMakerValue.DateFormat
    let caches: FileMakerCaches

    var store: RecordStore { call.store }

    /// The store resource of the layout's table.
    var resource: String { FileMakerStoreModel.resource(database: database.name, table: layout.table) }

    /// The table of the layout.
    var table: FileMakerTable? { database.table(named: layout.table) }

    /// The store's revisions of the layout's table and then of `portals`' tables (each once):
    /// what anything kept for an answer showing them depends on.
    func revisions(showing portals: [FileMakerPortal]) -> [UInt64] {
        var tables = [layout.table]
        for portal in portals where !tables.contains(portal.table) { tables.append(portal.table) }
        return tables.map {
            (try? store.revision(of: FileMakerStoreModel.resource(database: database.name, table: $0))) ?? 0
        }
    }

    /// The context answers are rendered in: the layout `layout.response` names (from the query,
    /// or `body` for a find), else this one.
    ///
    /// - Throws: 105 when the named layout does not exist.
    func responding(body: JSONObject? = nil) throws(FileMakerError) -> FileMakerContext {
        let name = body.map { $0["layout.response"].flatMap(\.stringValue) } ?? call.query("layout.response")
        guard let name, !name.isEmpty else { return self }
        guard let other = database.layout(named: name) else { throw FileMakerError.layoutMissing }
        return FileMakerContext(
            call: call, database: database, layout: other, globals: globals, dateFormat: dateFormat, caches: caches)
    }
}
