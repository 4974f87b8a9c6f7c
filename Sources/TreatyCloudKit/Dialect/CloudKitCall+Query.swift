internal import TreatyDialect
internal import TreatyJSON
internal import TreatyQuery

/// `records/query` (cloudkit.md §6): the filters and sorts compiled to the query model, pages of
/// `resultsLimit` with a `continuationMarker` while more results remain.
extension CloudKitCall {
    func queryRecords() throws(CloudKitError) -> (DialectResponse, keepable: Bool) {
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
        let candidates = self.candidates(of: type, in: zones, compiled: compiled)
        let page: [JSONObject]
        let total: Int
        do {
            (page, total) = try CompiledQuery(
                Query("records", where: compiled.filter, order: compiled.order), schema: compiled.schema
            ).findPage(in: candidates.source, offset: offset, limit: limit)
        } catch {
            throw .badRequest("the query cannot run: \(error)")
        }
        let stored = candidates.stored
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
        return (CloudKitAnswer.json(.object(answer)), true)
    }

    /// The records of `type` in `zones` as the query model searches them: kept between queries
    /// until the records change, unless the query sorts by distance (its rows carry distances).
    private func candidates(of type: CloudKitRecordType, in zones: Set<String>, compiled: CloudKitQueryCompiler.Compiled)
        -> CloudKitQueryRowCache.Rows
    {
        func make(revision: UInt64) -> CloudKitQueryRowCache.Rows {
            let stored = ((try? store.liveRecords(of: CloudKitStoreModel.records).records) ?? []).filter {
                $0["recordType"]?.stringValue == type.name && zones.contains($0["zone"]?.stringValue ?? "")
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
            let source = InMemoryDataSource(
                schema: compiled.schema, records: ["records": rows], indexed: compiled.distances.isEmpty)
            return CloudKitQueryRowCache.Rows(
                revision: revision, stored: stored, source: source)
        }
        let revision = (try? store.revision(of: CloudKitStoreModel.records)) ?? 0
        guard compiled.distances.isEmpty else { return make(revision: revision) }
        let key = CloudKitQueryRowCache.Key(
            zones: zones.sorted(), recordType: type.name, fields: type.fields.mapValues(\.type.queryKind))
        return dialect.state.queryRows.rows(for: key, revision: revision) { make(revision: revision) }
    }
}
