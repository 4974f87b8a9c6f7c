public import TreatyJSON

/// One stored record as a browser of the store shows it: the record with its bookkeeping.
public struct BrowsedRecord: Sendable {
    /// The record's id.
    public let id: String
    /// The record as the store holds it (a tombstone keeps its last fields).
    public let record: JSONObject
    /// The version of its last change.
    public let version: Int64
    /// When it last changed, in milliseconds since 1970 on the store clock.
    public let updatedMilliseconds: Int64
    /// Whether it is a tombstone.
    public let deleted: Bool
}

/// A page of one resource's records, in insertion order, tombstones included.
public struct BrowsedPage: Sendable {
    /// How many records (tombstones included) the resource holds.
    public let total: Int
    /// How many of them are tombstones.
    public let tombstones: Int
    /// The records of the page.
    public let records: [BrowsedRecord]
}

extension RecordStore {
    /// The records of `resource` from position `offset`, at most `limit` of them, in insertion
    /// order with tombstones — what a dashboard pages through. Costs O(`limit`) plus one count
    /// of tombstones, never a copy of the table; `nil` for an unknown resource.
    public func browse(_ resource: String, offset: Int, limit: Int) -> BrowsedPage? {
        reading { state -> BrowsedPage? in
            guard state.models[resource] != nil else { return nil }
            guard let table = state.tables[resource] else { return BrowsedPage(total: 0, tombstones: 0, records: []) }
            let live = table.liveRecords?.count ?? table.rows.values.reduce(0) { $0 + ($1.deleted ? 0 : 1) }
            let start = min(max(0, offset), table.order.count)
            let end = min(table.order.count, start + max(0, limit))
            let records = table.order[start..<end].compactMap { id -> BrowsedRecord? in
                guard let row = table.rows[id] else { return nil }
                return BrowsedRecord(
                    id: id, record: row.record, version: row.version, updatedMilliseconds: row.updated, deleted: row.deleted)
            }
            return BrowsedPage(total: table.order.count, tombstones: table.order.count - live, records: records)
        }
    }
}
