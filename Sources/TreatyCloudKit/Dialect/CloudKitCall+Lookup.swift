internal import TreatyDialect
internal import TreatyJSON

/// `records/lookup` (cloudkit.md §7): records by name, in request order, a miss as a NOT_FOUND
/// entry under HTTP 200.
extension CloudKitCall {
    func lookupRecords() throws(CloudKitError) -> (DialectResponse, keepable: Bool) {
        guard let entries = body["records"]?.arrayValue else {
            throw .badRequest("records/lookup needs 'records', an array of {recordName}")
        }
        guard entries.count <= Self.maxOperations else {
            throw .badRequest("records/lookup takes at most \(Self.maxOperations) records; this one has \(entries.count)")
        }
        let zone = try self.zone(body["zoneID"])
        let numbersAsStrings = try bool("numbersAsStrings", default: false)
        let requestKeys = try strings(body["desiredKeys"], "desiredKeys")
        var records: [JSONValue] = []
        var missed = false
        for (index, entry) in entries.enumerated() {
            guard let name = entry["recordName"]?.stringValue else {
                throw .badRequest("records[\(index)] has no recordName")
            }
            let keys = try strings(entry["desiredKeys"], "desiredKeys") ?? requestKeys
            guard let row = recordRow(name, in: zone) else {
                missed = true
                records.append(errorEntry(CloudKitError(.notFound, "Record not found"), ["recordName": .string(name)]))
                continue
            }
            records.append(render(row, desiredKeys: keys, numbersAsStrings: numbersAsStrings))
        }
        return (CloudKitAnswer.json(.object(["records": .array(records)])), !missed)
    }
}
