import TreatyCore
import TreatyJSON

/// Upsert- and delete-if-newer: writes that win only when the client's edit time is later than
/// the stored record's (rest-sync `/sync/upload`).
///
/// The time compared is the record's write stamp: the client's `updatedAt` of the last such
/// write that won, or the server's `updated_at` for any other write. So an identical retry ties
/// and loses (stale), and two clients' edits resolve by their own edit times however late they
/// upload, while `updated_at` stays the server's and feeds stay ordered.
extension RecordStore {
    func applyUpsertIfNewer(
        _ resource: String,
        id: String,
        record body: JSONValue,
        updatedAt: Int64,
        in state: inout StoreState,
        now: Int64
    ) throws(StoreError) -> (outcome: BatchResult.Outcome, change: StoreChange?) {
        let model = try Self.model(resource, in: state)
        guard case .object(var input) = body else {
            throw StoreError(.invalidValue, "the record must be a JSON object")
        }
        if let row = state.tables[resource]?.rows[id] {
            guard updatedAt > row.writeStamp else { return (.stale(row.record), nil) }
            let write = StoreOperation.WriteOptions(
                replacing: false, writable: nil, expectedVersion: nil, creatingIfMissing: false)
            let (record, change) = try applyChange(
                resource, id: id, scope: nil, input: body, write: write, reviving: true, stamp: updatedAt, in: &state,
                now: now)
            return (.applied(record), change)
        }
        let sync = model.resource.sync
        let edited = JSONValue.string(TimestampText.format(updatedAt))
        if let key = sync.updatedAt { input[key] = edited }
        if let key = sync.createdAt, Self.isAbsent(input[key]) { input[key] = edited }
        let (record, change) = try applyCreate(
            resource, scope: nil, body: .object(input), id: id, stamp: updatedAt, in: &state, now: now)
        return (.applied(record), change)
    }

    func applyDeleteIfNewer(
        _ resource: String,
        id: String,
        updatedAt: Int64,
        in state: inout StoreState,
        now: Int64
    ) throws(StoreError) -> (outcome: BatchResult.Outcome, change: StoreChange?) {
        try Self.requireResource(resource, in: state)
        guard let row = state.tables[resource]?.rows[id] else { return (.applied(nil), nil) }
        if row.deleted {
            guard updatedAt > row.writeStamp else { return (.applied(row.record), nil) }
            var restamped = row
            restamped.writeStamp = updatedAt
            state.tables[resource]?.rows[id] = restamped
            return (.applied(row.record), StoreChange(resource: resource, id: id, previous: row, appended: false))
        }
        guard updatedAt > row.writeStamp else { return (.stale(row.record), nil) }
        let (record, change) = try applyDelete(
            resource, id: id, scope: nil, expectedVersion: nil, stamp: updatedAt, in: &state, now: now)
        return (.applied(record), change)
    }
}
