internal import Foundation
internal import HTTPTypes
internal import TreatyDialect
internal import TreatyJSON

/// One authenticated request being answered, with what the operations read from it.
struct CloudKitCall {
    let dialect: CloudKitDialect
    let request: DialectRequest
    let store: RecordStore
    let route: CloudKitRoute
    let caller: CloudKitCaller
    /// The environment, database and zone owner the request reaches.
    let scope: CloudKitDatabaseScope
    /// The JSON body (`{}` for a GET).
    let body: JSONObject
    /// Where a kept read's answer goes: its key and the store revisions read before answering.
    let keptAt: (key: CloudKitReadKey, revisions: [UInt64])?

    init(
        dialect: CloudKitDialect, request: DialectRequest, store: RecordStore, route: CloudKitRoute,
        scope: CloudKitDatabaseScope, caller: CloudKitCaller,
        keptAt: (key: CloudKitReadKey, revisions: [UInt64])? = nil
    ) throws(CloudKitError) {
        self.dialect = dialect
        self.request = request
        self.store = store
        self.route = route
        self.caller = caller
        self.scope = scope
        self.keptAt = keptAt
        body = try Self.object(request.body, method: request.method)
    }

    /// The environment, database and zone owner `caller` reaches through `route`: the signed-in
    /// user's zones in the private and shared databases, `_defaultOwner`'s in the public one.
    static func scope(of route: CloudKitRoute, caller: CloudKitCaller) -> CloudKitDatabaseScope {
        let owner = route.database == .public ? CloudKitZoneID.publicOwner : (caller.user?.recordName ?? "")
        return CloudKitDatabaseScope(environment: route.environment, database: route.database, owner: owner)
    }

    private static func object(_ bytes: [UInt8], method: HTTPRequest.Method) throws(CloudKitError) -> JSONObject {
        guard method == .post else { return JSONObject() }
        let value: JSONValue
        do {
            value = try JSONParser(options: JSONParser.Options(maxDepth: 64)).parse(bytes)
        } catch {
            throw .badRequest("the request body is not valid JSON: \(error)")
        }
        guard let object = value.objectValue else { throw .badRequest("the request body must be a JSON object") }
        return object
    }

    func answer() throws(CloudKitError) -> DialectResponse {
        switch route.operation {
        case "records/modify": return try modifyRecords()
        case "records/lookup": return try kept { () throws(CloudKitError) in try lookupRecords() }
        case "records/query": return try kept { () throws(CloudKitError) in try queryRecords() }
        case "records/changes": return try recordChanges()
        case "zones/list": return try listZones()
        case "zones/lookup": return try lookupZones()
        case "zones/modify": return try modifyZones()
        case "zones/changes", "changes/database": return try zoneChanges()
        case "changes/zone": return try zoneRecordChanges()
        case "users/current": return currentUser()
        case "users/caller": return callerIdentity()
        case "users/discover": return try discoverUsers()
        case "users/lookup/email": return try lookUpUsers(by: .emailAddress)
        case "users/lookup/id": return try lookUpUsers(by: .userRecordName)
        case "assets/upload": return try requestUploads()
        default: throw CloudKitError.badRequest("\(route.operation) is not supported by this simulator")
        }
    }

    /// A read's answer, kept (``TreatyDialect/RevisionCache``) until the records, record types or zones
    /// change; `read` says whether its answer may be kept (no error entry in it). The kept
    /// answers were looked up before the body was parsed (``CloudKitDialect/respond(to:store:)``).
    private func kept(_ read: () throws(CloudKitError) -> (DialectResponse, keepable: Bool)) throws(CloudKitError)
        -> DialectResponse
    {
        let (response, keepable) = try read()
        if keepable, response.status == .ok, let keptAt {
            dialect.state.keptAnswers.keep(response.body, for: keptAt.key, revisions: keptAt.revisions)
        }
        return response
    }

    // MARK: Reading the body

    func bool(_ key: String, default value: Bool) throws(CloudKitError) -> Bool {
        guard let member = body[key], member != .null else { return value }
        guard let flag = member.boolValue else { throw .badRequest("'\(key)' must be true or false") }
        return flag
    }

    func strings(_ value: JSONValue?, _ key: String) throws(CloudKitError) -> [String]? {
        guard let value, value != .null else { return nil }
        guard let items = value.arrayValue else { throw .badRequest("'\(key)' must be an array of field names") }
        var names: [String] = []
        for item in items {
            guard let name = item.stringValue else { throw .badRequest("'\(key)' must be an array of field names") }
            names.append(name)
        }
        return names
    }

    func resultsLimit() throws(CloudKitError) -> Int {
        guard let member = body["resultsLimit"], member != .null else { return 200 }
        guard let limit = member.numberValue?.int64Value, limit > 0 else {
            throw .badRequest("'resultsLimit' must be a positive integer")
        }
        return Int(min(limit, 200))
    }

    // MARK: Zones

    /// The zone a request names (`zoneID`, default `_defaultZone`), which must exist.
    func zone(_ value: JSONValue?) throws(CloudKitError) -> CloudKitZoneID {
        guard let value, value != .null else { return scope.zone(CloudKitZoneID.defaultZoneName) }
        guard let name = value["zoneName"]?.stringValue else {
            throw .badRequest("'zoneID' must be a dictionary with 'zoneName'")
        }
        let zone = scope.zone(name)
        guard try zoneRow(zone) != nil || zone.isDefault else {
            throw CloudKitError(.zoneNotFound, "zone '\(name)' does not exist")
        }
        return zone
    }

    /// The stored row of a custom zone, or `nil`.
    func zoneRow(_ zone: CloudKitZoneID) throws(CloudKitError) -> JSONObject? {
        guard !zone.isDefault else { return nil }
        return try? store.get(CloudKitStoreModel.zones, id: zone.storeKey)
    }

    /// Whether writes to `zone` may be atomic (custom zones that advertise it).
    func isAtomic(_ zone: CloudKitZoneID) -> Bool {
        guard route.database != .public, !zone.isDefault,
            let row = try? store.get(CloudKitStoreModel.zones, id: zone.storeKey)
        else { return false }
        return row["atomic"]?.boolValue ?? true
    }

    /// The custom zones of the database the caller reaches, in creation order.
    func customZones() -> [JSONObject] {
        let prefix = "\(scope.environment.rawValue)|\(scope.database.rawValue)|\(scope.owner)|"
        let rows = (try? store.liveRecords(of: CloudKitStoreModel.zones).records) ?? []
        return rows.filter { $0["key"]?.stringValue?.hasPrefix(prefix) == true }
    }

    /// A zone dictionary: `{"zoneID", "syncToken", "atomic"}`.
    func zoneDictionary(_ zone: CloudKitZoneID, atomic: Bool) -> JSONValue {
        .object([
            "zoneID": zone.json, "syncToken": .string(CloudKitSyncToken.encode(store.currentVersion)),
            "atomic": .bool(atomic),
        ])
    }

    /// A per-item error entry, with its `uuid`.
    func errorEntry(_ error: CloudKitError, _ extra: JSONObject) -> JSONValue {
        var entry = extra
        for member in error.dictionary(uuid: dialect.state.nextUUID()).members { entry[member.key] = member.value }
        return .object(entry)
    }

    static let hostHeader = HTTPField.Name("Host")!

    /// The base URL of this server, from the request's `Host`.
    var baseURL: String {
        "http://" + (request.headers[Self.hostHeader] ?? "127.0.0.1")
    }
}

/// Sync tokens and continuation markers: opaque base64 text naming a point in the store's
/// version history, or a position in a query's results.
enum CloudKitSyncToken {
    static func encode(_ version: Int64) -> String {
        Data("ck-sync:\(version)".utf8).base64EncodedString()
    }

    static func decode(_ text: String) throws(CloudKitError) -> Int64 {
        guard let data = Data(base64Encoded: text), let plain = String(data: data, encoding: .utf8),
            plain.hasPrefix("ck-sync:"), let version = Int64(plain.dropFirst(8)), version >= 0
        else { throw .badRequest("the syncToken is not one this server gave") }
        return version
    }

    static func marker(offset: Int) -> String {
        Data("ck-continue:\(offset)".utf8).base64EncodedString()
    }

    static func offset(ofMarker text: String) throws(CloudKitError) -> Int {
        guard let data = Data(base64Encoded: text), let plain = String(data: data, encoding: .utf8),
            plain.hasPrefix("ck-continue:"), let offset = Int(plain.dropFirst(12)), offset >= 0
        else { throw .badRequest("the continuationMarker is not one this server gave") }
        return offset
    }
}
