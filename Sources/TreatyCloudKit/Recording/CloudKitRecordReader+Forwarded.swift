internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension CloudKitRecordReader {
    /// The records of a forwarded successful `records/query` or `records/lookup` (`POST
    /// /database/1/{container}/{environment}/{database}/records/…`), in the form ``read(_:)``
    /// keeps them: each answered record of a type the contract declares (entries that carry a
    /// `serverErrorCode` left out), in its database and zone, turned into the store's record by
    /// ``CloudKitFixtureLoader``. Every other operation gives none.
    ///
    /// - Parameters:
    ///   - answer: The forwarded request and the live backend's answer.
    ///   - schema: The contract's container.
    /// - Returns: The records, under the store's one records resource.
    static func records(forwardedIn answer: ForwardedAnswer, schema: CloudKitSchema) -> [ForwardedRecord] {
        guard answer.request.method == "POST", (200..<300).contains(answer.status) else { return [] }
        let segments = answer.request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.count == 8, segments[0].isEmpty, segments[1] == "database", segments[6] == "records",
            segments[7] == "query" || segments[7] == "lookup", let database = CloudKitDatabase(rawValue: segments[5]),
            let entries = answer.body["records"]?.arrayValue
        else { return [] }
        let loader = CloudKitFixtureLoader(schema: schema)
        var stored: [JSONObject] = []
        for entry in entries {
            guard let record = entry.objectValue, record["serverErrorCode"] == nil,
                let name = record["recordType"]?.stringValue, let type = schema.recordTypes[name]
            else { continue }
            let zoneName = record["zoneID"]?["zoneName"]?.stringValue ?? CloudKitZoneID.defaultZoneName
            let item = JSONValue.object(fixture(record, database: database, zoneName: zoneName))
            var converted: [JSONObject] = []
            let findings = loader.records(
                [item], type: type, into: &converted,
                locate: { message, _, fix in .error("invalid-record", message, fix: fix) })
            guard findings.isEmpty else { continue }
            // The live change tag is the record's version (base 36), so the simulator answers the
            // same tag and a client's next save with it is not refused as stale.
            if let tag = record["recordChangeTag"]?.stringValue, let version = Int64(tag, radix: 36) {
                for index in converted.indices { converted[index]["version"] = .number(JSONNumber(version)) }
            }
            stored += converted
        }
        return stored.map { ForwardedRecord(resource: CloudKitStoreModel.records, record: $0) }
    }
}
