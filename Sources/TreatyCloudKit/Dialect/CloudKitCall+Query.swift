internal import TreatyDialect
internal import TreatyJSON
internal import TreatyQuery

/// `records/query` (cloudkit.md §6): the filters and sorts compiled to the query model, pages of
/// `resultsLimit` with a `continuationMarker` while more results remain.
extension CloudKitCall {
    func queryRecords() throws(CloudKitError) -> DialectResponse {
        guard let query = body["query"]?.objectValue else { throw .badRequest("records/query needs a 'query' dictionary") }
        guard let typeName = query["recordType"]?.stringValue else { throw .badRequest("the query has no 'recordType'") }
        guard let type = recordType(typeName) else {
            throw .badRequest("Did not find record type: \(typeName)")
        }
        let limit = try resultsLimit()
        let numbersAsStrings = try bool("numbersAsStrings", default: false)
        let desiredKeys = try strings(body["desiredKeys"], "desiredKeys")
        var offset = 0
        if let marker = body["continuationMarker"]?.stringValue { offset = try CloudKitSyncToken.offset(ofMarker: marker) }
        let zones: Set<String>
        if body["zoneID"] == nil || body["zoneID"] == .null, try bool("zoneWide", default: false) {
            zones = Set([scope.zone(CloudKitZoneID.defaultZoneName).storeKey] + customZones().compactMap { $0["key"]?.stringValue })
        } else {
            zones = [try zone(body["zoneID"]).storeKey]
        }
        let compiled = try CloudKitQueryCompiler(recordType: type).compile(query)
        let stored = ((try? store.liveRecords(of: CloudKitStoreModel.records).records) ?? []).filter {
            $0["recordType"]?.stringValue == typeName && zones.contains($0["zone"]?.stringValue ?? "")
        }
        var rows: [JSONObject] = []
        rows.reserveCapacity(stored.count)
        for (position, record) in stored.enumerated() {
            var row = CloudKitQueryRows.row(record, index: position)
            for distance in compiled.distances {
                guard let point = row[distance.field].flatMap(GeoPoint.init) else { continue }
                row[distance.column] = .number(JSONNumber(point.distance(to: distance.point)))
            }
            rows.append(row)
        }
        let page: [JSONObject]
        let total: Int
        do {
            let source = InMemoryDataSource(schema: compiled.schema, records: ["records": rows], indexed: false)
            let matching = try CompiledQuery(
                Query("records", where: compiled.filter, order: compiled.order), schema: compiled.schema
            ).find(in: source)
            total = matching.count
            page = Array(matching.dropFirst(offset).prefix(limit))
        } catch {
            throw .badRequest("the query cannot run: \(error)")
        }
        var records: [JSONValue] = []
        records.reserveCapacity(page.count)
        for row in page {
            guard let position = row[CloudKitQueryRows.position]?.numberValue?.int64Value else { continue }
            records.append(render(stored[Int(position)], desiredKeys: desiredKeys, numbersAsStrings: numbersAsStrings))
        }
        var answer: JSONObject = ["records": .array(records)]
        if offset + page.count < total {
            answer["continuationMarker"] = .string(CloudKitSyncToken.marker(offset: offset + page.count))
        }
        return CloudKitAnswer.json(.object(answer))
    }
}
