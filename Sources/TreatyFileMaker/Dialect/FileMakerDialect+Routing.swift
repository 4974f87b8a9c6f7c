internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyJSON

extension FileMakerDialect {
    /// The Data API's routes under `/fmi/data/{v1|v2|vLatest}`.
    func route(_ call: FileMakerCall) throws(FileMakerError) -> DialectResponse {
        let segments = call.request.path.split(separator: "/").map { PercentDecoding.decode($0) }
        guard segments.count >= 3, segments[0] == "fmi", segments[1] == "data",
            ["v1", "v2", "vLatest"].contains(segments[2])
        else { throw FileMakerError(3, "Command is unavailable", status: .notFound) }
        let rest = Array(segments.dropFirst(3))
        let method = call.request.method
        switch (method, rest.count, rest.first) {
        case (.get, 1, "productInfo"): return productInfo()
        case (.get, 1, "databases"): return databases()
        case (.get, 1, "validateSession"): return try validateSession(call)
        default: break
        }
        guard rest.count >= 3, rest[0] == "databases" else { throw notFound() }
        guard let database = configuration.schema.database(named: rest[1]) else { throw FileMakerError.unableToOpen }
        let tail = Array(rest.dropFirst(2))
        switch (method, tail.count, tail.first) {
        case (.post, 1, "sessions"): return try login(call, database)
        case (.delete, 2, "sessions"): return logout(tail[1])
        default: break
        }
        let session = try authorize(call, database)
        switch (method, tail.count, tail.first) {
        case (.get, 1, "layouts"): return layouts(database)
        case (.get, 1, "scripts"): return scripts(database)
        case (.patch, 1, "globals"): return try globals(call, database, token: session.token)
        default: break
        }
        guard tail.count >= 2, tail[0] == "layouts" else { throw notFound() }
        guard let layout = database.layout(named: tail[1]) else { throw FileMakerError.layoutMissing }
        let context = FileMakerContext(
            call: call, database: database, layout: layout, globals: session.globals,
            dateFormat: try dateFormat(call))
        let action = Array(tail.dropFirst(2))
        switch (method, action.count, action.first) {
        case (.get, 0, _): return try metadata(context)
        case (.get, 1, "records"): return try range(context)
        case (.post, 1, "records"): return try create(context)
        case (.get, 2, "records"): return try record(context, id: action[1])
        case (.patch, 2, "records"): return try edit(context, id: action[1])
        case (.delete, 2, "records"): return try delete(context, id: action[1])
        case (.post, 2, "records"): return try duplicate(context, id: action[1])
        case (.post, 1, "_find"): return try find(context)
        case (.get, 2, "script"): return try runScript(context, name: action[1])
        default: throw notFound()
        }
    }

    private func notFound() -> FileMakerError {
        FileMakerError(3, "Command is unavailable", status: .notFound)
    }

    /// `dateformats` from the query or the body: 0 US, 1 the file's locale, 2 ISO 8601.
    private func dateFormat(_ call: FileMakerCall) throws(FileMakerError) -> FileMakerValue.DateFormat {
        var text = call.query("dateformats")
        if text == nil, !call.request.body.isEmpty, let value = (try? call.body())?["dateformats"] {
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

    var store: RecordStore { call.store }

    /// The store resource of the layout's table.
    var resource: String { FileMakerStoreModel.resource(database: database.name, table: layout.table) }

    /// The table of the layout.
    var table: FileMakerTable? { database.table(named: layout.table) }
}
