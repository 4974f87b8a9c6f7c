internal import TreatyDialect
internal import TreatyJSON

/// `zones/list`, `zones/lookup` and `zones/modify` (cloudkit.md §7).
extension CloudKitCall {
    func listZones() throws(CloudKitError) -> DialectResponse {
        var zones = [zoneDictionary(scope.zone(CloudKitZoneID.defaultZoneName), atomic: false)]
        for row in customZones() {
            guard let name = row["zoneName"]?.stringValue else { continue }
            zones.append(zoneDictionary(scope.zone(name), atomic: row["atomic"]?.boolValue ?? true))
        }
        return CloudKitAnswer.json(.object(["zones": .array(zones)]))
    }

    func lookupZones() throws(CloudKitError) -> DialectResponse {
        guard let entries = body["zones"]?.arrayValue else {
            throw .badRequest("zones/lookup needs 'zones', an array of {zoneName}")
        }
        var zones: [JSONValue] = []
        for (index, entry) in entries.enumerated() {
            guard let name = entry["zoneName"]?.stringValue ?? entry["zoneID"]?["zoneName"]?.stringValue else {
                throw .badRequest("zones[\(index)] has no zoneName")
            }
            let zone = scope.zone(name)
            if zone.isDefault {
                zones.append(zoneDictionary(zone, atomic: false))
            } else if let row = try zoneRow(zone) {
                zones.append(zoneDictionary(zone, atomic: row["atomic"]?.boolValue ?? true))
            } else {
                zones.append(errorEntry(CloudKitError(.zoneNotFound, "Zone '\(name)' does not exist"), ["zoneID": zone.json]))
            }
        }
        return CloudKitAnswer.json(.object(["zones": .array(zones)]))
    }

    func modifyZones() throws(CloudKitError) -> DialectResponse {
        guard let entries = body["operations"]?.arrayValue else {
            throw .badRequest("zones/modify needs 'operations', an array")
        }
        guard entries.count <= Self.maxOperations else {
            throw .badRequest("zones/modify takes at most \(Self.maxOperations) operations")
        }
        var parsed: [(type: String, zone: CloudKitZoneID, atomic: Bool)] = []
        var names = Set<String>()
        for (index, entry) in entries.enumerated() {
            guard let type = entry["operationType"]?.stringValue, type == "create" || type == "delete" else {
                throw .badRequest("operations[\(index)].operationType must be create or delete")
            }
            guard let name = entry["zone"]?["zoneID"]?["zoneName"]?.stringValue else {
                throw .badRequest("operations[\(index)] needs zone.zoneID.zoneName")
            }
            guard names.insert(name).inserted else { throw .badRequest("more than one operation on zone '\(name)'") }
            parsed.append((type, scope.zone(name), entry["zone"]?["atomic"]?.boolValue ?? true))
        }
        let zones = store.transaction {
            parsed.map { operation -> JSONValue in
                do throws(CloudKitError) {
                    return try operation.type == "create"
                        ? createZone(operation.zone, atomic: operation.atomic) : deleteZone(operation.zone)
                } catch {
                    return errorEntry(error, ["zoneID": operation.zone.json])
                }
            }
        }
        return CloudKitAnswer.json(.object(["zones": .array(zones)]))
    }

    private func createZone(_ zone: CloudKitZoneID, atomic: Bool) throws(CloudKitError) -> JSONValue {
        guard route.database == .private else {
            throw CloudKitError(.badRequest, "custom zones can be created in the private database only")
        }
        guard CloudKitZoneID.isValidName(zone.zoneName), !zone.isDefault else {
            throw .badRequest("'\(zone.zoneName)' is not a zone name one can create")
        }
        if try zoneRow(zone) != nil { throw CloudKitError(.exists, "Zone '\(zone.zoneName)' already exists") }
        let row: JSONObject = [
            "key": .string(zone.storeKey), "environment": .string(scope.environment.rawValue),
            "database": .string(scope.database.rawValue), "owner": .string(scope.owner),
            "zoneName": .string(zone.zoneName), "atomic": .bool(atomic),
        ]
        let result = store.apply(
            [.replace(CloudKitStoreModel.zones, id: zone.storeKey, record: .object(row), creatingIfMissing: true)],
            mode: .atomic)
        if let failure = result.failure { throw Self.mapped(failure.error) }
        return zoneDictionary(zone, atomic: atomic)
    }

    private func deleteZone(_ zone: CloudKitZoneID) throws(CloudKitError) -> JSONValue {
        guard !zone.isDefault else { throw .badRequest("the default zone cannot be deleted") }
        guard try zoneRow(zone) != nil else { throw CloudKitError(.zoneNotFound, "Zone '\(zone.zoneName)' does not exist") }
        let rows = (try? store.liveRecords(of: CloudKitStoreModel.records).records) ?? []
        var operations: [StoreOperation] = rows.compactMap { row in
            guard row["zone"]?.stringValue == zone.storeKey, let key = row["key"]?.stringValue else { return nil }
            return .delete(CloudKitStoreModel.records, id: key)
        }
        operations.append(.delete(CloudKitStoreModel.zones, id: zone.storeKey))
        let result = store.apply(operations, mode: .atomic)
        if let failure = result.failure { throw Self.mapped(failure.error) }
        return .object(["zoneID": zone.json, "deleted": true])
    }
}
