internal import TreatyDialect
internal import TreatyJSON

/// Reading records and record types, and rendering record dictionaries.
extension CloudKitCall {
    /// The live stored row of `recordName` in `zone`, or `nil`.
    func recordRow(_ recordName: String, in zone: CloudKitZoneID) -> JSONObject? {
        try? store.get(CloudKitStoreModel.records, id: zone.recordKey(recordName))
    }

    /// The record type `name` as the environment knows it now: the contract's fields plus those
    /// the development environment learned; `nil` when neither has it.
    func recordType(_ name: String) -> CloudKitRecordType? {
        let declared = dialect.configuration.schema.recordTypes[name]
        guard let learned = try? store.get(CloudKitStoreModel.recordTypes, id: Self.typeKey(scope.environment, name))
        else { return declared }
        var type = declared ?? CloudKitRecordType(name: name)
        for member in learned["fields"]?.objectValue?.members ?? [] {
            guard type.fields[member.key] == nil, let typeName = member.value.stringValue,
                let fieldType = CloudKitFieldType(rawValue: typeName)
            else { continue }
            type.add(member.key, .autoCreated(fieldType))
        }
        return type
    }

    static func typeKey(_ environment: CloudKitEnvironment, _ name: String) -> String {
        environment.rawValue + "|" + name
    }

    /// The record dictionary of a stored row (cloudkit.md §3), its fields cut to `desiredKeys`.
    func render(_ row: JSONObject, desiredKeys: [String]?, numbersAsStrings: Bool) -> JSONValue {
        let base = baseURL
        var fields = JSONObject()
        for member in row["values"]?.objectValue?.members ?? [] {
            if let desiredKeys, !desiredKeys.contains(member.key) { continue }
            fields[member.key] = CloudKitFieldValue.rendered(member.value, numbersAsStrings: numbersAsStrings) {
                base + CloudKitAssetRoutes.downloadPath(receipt: $0)
            }
        }
        let zoneName = Self.zoneName(ofZoneKey: row["zone"]?.stringValue ?? "")
        func stamp(_ key: String, _ user: String) -> JSONValue {
            let milliseconds = row[key]?.stringValue.flatMap(TimestampText.milliseconds) ?? 0
            return .object([
                "timestamp": .number(JSONNumber(milliseconds)), "userRecordName": row[user] ?? .string("_anonymous"),
                "deviceID": "1",
            ])
        }
        var record: JSONObject = [
            "recordName": row["recordName"] ?? .null, "recordType": row["recordType"] ?? .null,
            "recordChangeTag": .string(Self.changeTag(row)), "fields": .object(fields), "pluginFields": .object([:]),
            "created": stamp("created_at", "createdBy"), "modified": stamp("updated_at", "modifiedBy"),
            "deleted": false, "zoneID": scope.zone(zoneName).json,
        ]
        if let shortGUID = row["shortGUID"] { record["shortGUID"] = shortGUID }
        return .object(record)
    }

    /// The zone name at the end of a zone's store key (`environment|database|owner|zoneName`).
    static func zoneName(ofZoneKey key: String) -> String {
        guard let bar = key.utf8.lastIndex(of: UInt8(ascii: "|")) else { return CloudKitZoneID.defaultZoneName }
        return String(key[key.utf8.index(after: bar)...])
    }

    /// A row's `recordChangeTag`: its store version in base 36.
    static func changeTag(_ row: JSONObject) -> String {
        String(row["version"]?.numberValue?.int64Value ?? 0, radix: 36)
    }
}
