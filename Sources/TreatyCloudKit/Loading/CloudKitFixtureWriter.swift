import TreatyDialect
internal import TreatyJSON

/// Writes a store's records as the fixture directory ``CloudKitFixtureLoader`` reads
/// (`treaty export fixtures`): `<RecordType>.json` per record type of the schema, the live
/// records of the development environment that the loader can place — the public database's
/// default zone, and the first user's private default zone and declared zones — each with its
/// `recordName`, `recordType` and `recordChangeTag` (so `treaty check --resource` judges the
/// file as records; the loader gives new change tags), stored `fields`, `database` and `zoneID`
/// when not public, and its `created` and `modified` times.
///
/// Left out, since the loader cannot take them: deleted records, the production environment,
/// other users' databases, zones made at runtime, record types and fields the schema does not
/// declare, and asset fields (the uploaded bytes are not fixtures).
struct CloudKitFixtureWriter: Sendable {
    /// The container's schema, as the loader reads fixtures for it.
    let schema: CloudKitSchema

    /// The files of `store`'s records, one per record type with exported records.
    ///
    /// - Parameter store: The store to export.
    /// - Returns: The files to write under the fixture directory.
    func files(of store: RecordStore) -> [FixtureFile] {
        var byType: [String: [JSONValue]] = [:]
        for row in store.dump(CloudKitStoreModel.records) ?? [] {
            guard let fixture = fixture(row) else { continue }
            byType[row["recordType"]?.stringValue ?? "", default: []].append(fixture)
        }
        return byType.keys.sorted().compactMap { type in
            byType[type].map { records in
                FixtureFile(
                    relativePath: type + ".json",
                    contents: JSONValue.array(records).serializedBytes(options: JSONWriteOptions(pretty: true)) + [0x0A])
            }
        }
    }

    /// The fixture of one stored record, or `nil` when the loader could not place it.
    private func fixture(_ row: JSONObject) -> JSONValue? {
        let zone = (row["zone"]?.stringValue ?? "").split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard row["deleted_at"]?.isNull ?? true, zone.count == 4,
            zone[0] == CloudKitEnvironment.development.rawValue,
            let type = row["recordType"]?.stringValue.flatMap({ schema.recordTypes[$0] }),
            let name = row["recordName"]?.stringValue
        else { return nil }
        let (database, owner, zoneName) = (zone[1], zone[2], zone[3])
        let isDefault = zoneName == CloudKitZoneID.defaultZoneName
        switch database {
        case CloudKitDatabase.public.rawValue:
            guard owner == CloudKitZoneID.publicOwner, isDefault else { return nil }
        case CloudKitDatabase.private.rawValue:
            guard owner == schema.users.first?.recordName, isDefault || schema.zones.contains(where: { $0.name == zoneName })
            else { return nil }
        default:
            return nil
        }
        var fields = JSONObject()
        for member in row["values"]?.objectValue?.members ?? []
        where type.fields[member.key] != nil && member.value["type"]?.stringValue?.hasPrefix("ASSET") != true {
            fields[member.key] = member.value
        }
        var record: JSONObject = [
            "recordName": .string(name), "recordType": .string(type.name),
            "recordChangeTag": .string(row["version"]?.serialized() ?? "0"), "fields": .object(fields),
        ]
        if database != CloudKitDatabase.public.rawValue { record["database"] = .string(database) }
        if !isDefault { record["zoneID"] = ["zoneName": .string(zoneName)] }
        for (key, stamp) in [("created", "created_at"), ("modified", "updated_at")] {
            if let milliseconds = row[stamp]?.stringValue.flatMap(TimestampText.milliseconds) {
                record[key] = ["timestamp": .number(JSONNumber(milliseconds))]
            }
        }
        return .object(record)
    }
}
