import Synchronization
public import TreatyJSON

/// The live records of one resource as they stand now, with the revision that names them.
public struct LiveRecords: Sendable {
    /// Names these records: it changes with every write to the resource and is never reused
    /// for other contents (a snapshot restore brings back a revision with the records it named),
    /// so caches built from the records — indexes, sorted orders — can be keyed by it.
    public let revision: UInt64
    /// The live records, in insertion order.
    public let records: [JSONObject]

    /// Records named by a revision.
    ///
    /// - Parameters:
    ///   - revision: The revision; 0 for records no store revision names.
    ///   - records: The records, in insertion order.
    public init(revision: UInt64, records: [JSONObject]) {
        self.revision = revision
        self.records = records
    }
}

extension RecordStore {
    /// The live records of `resource` in insertion order, regardless of scope and order field —
    /// for query engines that filter and sort themselves. Repeated calls without a write in
    /// between return the same array without copying it.
    ///
    /// - Throws: ``StoreError`` `not_found` for an unknown resource.
    public func liveRecords(of resource: String) throws(StoreError) -> LiveRecords {
        try reading { state throws(StoreError) -> LiveRecords in
            try Self.requireResource(resource, in: state)
            guard let table = state.tables[resource] else { return LiveRecords(revision: 0, records: []) }
            if let cached = table.liveRecords { return LiveRecords(revision: table.revision, records: cached) }
            let live = table.order.compactMap { id -> JSONObject? in
                guard let row = table.rows[id], !row.deleted else { return nil }
                return row.record
            }
            state.tables[resource]?.liveRecords = live
            return LiveRecords(revision: table.revision, records: live)
        }
    }
}

extension RecordStore {
    /// The revision that names `resource`'s contents now (see ``LiveRecords/revision``): equal
    /// revisions mean equal contents, so a cache of anything computed from the table — a
    /// serialized list — can be keyed by it.
    ///
    /// - Throws: ``StoreError`` `not_found` for an unknown resource.
    public func revision(of resource: String) throws(StoreError) -> UInt64 {
        try reading { state throws(StoreError) -> UInt64 in
            try Self.requireResource(resource, in: state)
            return state.tables[resource]?.revision ?? 0
        }
    }
}
