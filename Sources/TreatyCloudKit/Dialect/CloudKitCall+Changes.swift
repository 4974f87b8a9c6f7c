internal import TreatyDialect
internal import TreatyJSON

/// `records/changes`, `changes/zone`, `zones/changes` and `changes/database` (cloudkit.md §7):
/// what changed after a sync token, each record once in its latest state, deletions as
/// `{"recordName", "deleted": true}`, pages with `moreComing`.
extension CloudKitCall {
    func recordChanges() throws(CloudKitError) -> DialectResponse {
        let zone = try self.zone(body["zoneID"])
        let changes = try self.changes(
            in: zone, token: body["syncToken"]?.stringValue, limit: try resultsLimit(),
            desiredKeys: try strings(body["desiredKeys"], "desiredKeys"),
            recordTypes: nil, numbersAsStrings: try bool("numbersAsStrings", default: false))
        return CloudKitAnswer.json(.object(changes))
    }

    func zoneRecordChanges() throws(CloudKitError) -> DialectResponse {
        guard let requests = body["zones"]?.arrayValue else {
            throw .badRequest("changes/zone needs 'zones', an array of {zoneID, syncToken}")
        }
        var zones: [JSONValue] = []
        for (index, request) in requests.enumerated() {
            guard let object = request.objectValue else { throw .badRequest("zones[\(index)] must be a dictionary") }
            let limit: Int
            if let value = object["resultsLimit"]?.numberValue?.int64Value, value > 0 {
                limit = Int(min(value, 200))
            } else {
                limit = 200
            }
            do throws(CloudKitError) {
                let zone = try self.zone(object["zoneID"])
                var changes = try self.changes(
                    in: zone, token: object["syncToken"]?.stringValue, limit: limit,
                    desiredKeys: try strings(object["desiredKeys"], "desiredKeys"),
                    recordTypes: try strings(object["desiredRecordTypes"], "desiredRecordTypes"),
                    numbersAsStrings: try bool("numbersAsStrings", default: false))
                changes["zoneID"] = zone.json
                zones.append(.object(changes))
            } catch {
                zones.append(errorEntry(error, ["zoneID": object["zoneID"] ?? .null]))
            }
        }
        return CloudKitAnswer.json(.object(["zones": .array(zones)]))
    }

    /// The changes of `zone` after `token` (from the zone's creation without one).
    private func changes(
        in zone: CloudKitZoneID, token: String?, limit: Int, desiredKeys: [String]?, recordTypes: [String]?,
        numbersAsStrings: Bool
    ) throws(CloudKitError) -> JSONObject {
        guard route.database != .public, !zone.isDefault else {
            throw .badRequest("change feeds cover custom zones of the private and shared databases only")
        }
        let after = try token.map { text throws(CloudKitError) in try CloudKitSyncToken.decode(text) } ?? 0
        let latest = store.currentVersion
        let listed = (try? store.list(CloudKitStoreModel.records, since: .sinceVersion(String(after))).records) ?? []
        let changed = listed.filter { row in
            guard row["zone"]?.stringValue == zone.storeKey else { return false }
            guard let recordTypes else { return true }
            return recordTypes.contains(row["recordType"]?.stringValue ?? "")
        }
        let page = changed.prefix(limit)
        var records: [JSONValue] = []
        for row in page {
            if let deletedAt = row["deleted_at"], deletedAt != JSONValue.null {
                records.append(
                    .object(["recordName": row["recordName"] ?? .null, "recordType": row["recordType"] ?? .null, "deleted": true]))
            } else {
                records.append(render(row, desiredKeys: desiredKeys, numbersAsStrings: numbersAsStrings))
            }
        }
        let moreComing = changed.count > page.count
        let next = moreComing ? (page.last?["version"]?.numberValue?.int64Value ?? after) : max(latest, after)
        return ["records": .array(records), "syncToken": .string(CloudKitSyncToken.encode(next)), "moreComing": .bool(moreComing)]
    }

    /// The zones created, changed (a record in them written) or deleted after the token.
    func zoneChanges() throws(CloudKitError) -> DialectResponse {
        guard route.database != .public else {
            throw .badRequest("zone change feeds cover the private and shared databases only")
        }
        let after = try body["syncToken"]?.stringValue.map { text throws(CloudKitError) in
            try CloudKitSyncToken.decode(text)
        } ?? 0
        let limit = try resultsLimit()
        let prefix = "\(scope.environment.rawValue)|\(scope.database.rawValue)|\(scope.owner)|"
        var latestByZone: [String: Int64] = [:]
        let zoneRows = (try? store.list(CloudKitStoreModel.zones, since: .sinceVersion(String(after))).records) ?? []
        var rowsByKey: [String: JSONObject] = [:]
        for row in zoneRows {
            guard let key = row["key"]?.stringValue, key.hasPrefix(prefix) else { continue }
            latestByZone[key] = max(latestByZone[key] ?? 0, row["version"]?.numberValue?.int64Value ?? 0)
            rowsByKey[key] = row
        }
        let recordRows = (try? store.list(CloudKitStoreModel.records, since: .sinceVersion(String(after))).records) ?? []
        for row in recordRows {
            guard let key = row["zone"]?.stringValue, key.hasPrefix(prefix) else { continue }
            latestByZone[key] = max(latestByZone[key] ?? 0, row["version"]?.numberValue?.int64Value ?? 0)
        }
        let ordered = latestByZone.sorted { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }
        let page = ordered.prefix(limit)
        var zones: [JSONValue] = []
        for (key, _) in page {
            let name = String(key.dropFirst(prefix.count))
            let zone = scope.zone(name)
            let row = rowsByKey[key] ?? (try? store.get(CloudKitStoreModel.zones, id: key))
            if let deletedAt = row?["deleted_at"], deletedAt != .null {
                zones.append(.object(["zoneID": zone.json, "deleted": true]))
            } else {
                zones.append(zoneDictionary(zone, atomic: row?["atomic"]?.boolValue ?? !zone.isDefault))
            }
        }
        let moreComing = ordered.count > page.count
        let next = moreComing ? (page.last?.value ?? after) : max(store.currentVersion, after)
        return CloudKitAnswer.json(
            .object(["zones": .array(zones), "syncToken": .string(CloudKitSyncToken.encode(next)), "moreComing": .bool(moreComing)]))
    }
}
