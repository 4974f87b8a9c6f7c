public import TreatyJSON

/// How ``RecordStore/apply(_:mode:)`` treats a failing operation.
public enum BatchMode: Sendable, Hashable {
    /// All or nothing: operations apply in order, each seeing the ones before it; when one
    /// fails, every write of the batch is undone — records, versions, clock and id generator —
    /// and the store is as if the batch never ran (PocketBase `/api/batch`, CloudKit
    /// `atomic: true`).
    case atomic
    /// Each operation succeeds or fails on its own; the others still apply (rest-sync
    /// `/sync/upload`, CloudKit non-atomic `records/modify`).
    case independent
}

/// What ``RecordStore/apply(_:mode:)`` did: one outcome per operation, in order.
public struct BatchResult: Sendable, Hashable {
    /// What became of one operation.
    public enum Outcome: Sendable, Hashable {
        /// The operation wrote: the stored record (the tombstone for a delete), or `nil` when a
        /// delete-if-newer found no record.
        case applied(JSONObject?)
        /// A last-writer-wins operation lost: the stored record (or tombstone) is unchanged.
        case stale(JSONObject)
        /// The operation was refused; nothing it asked for was written.
        case failed(StoreError)
        /// Atomic mode: the operation came before the failing one and its effect was undone.
        case rolledBack
        /// Atomic mode: the operation came after the failing one and was not attempted.
        case skipped
    }

    /// The operation that made an atomic batch fail.
    public struct Failure: Sendable, Hashable {
        /// Its position in the batch.
        public var index: Int
        /// Why it was refused.
        public var error: StoreError
    }

    /// One outcome per operation, in the batch's order.
    public var outcomes: [Outcome]
    /// For an atomic batch that was rolled back, the operation that failed; `nil` when the
    /// batch committed, and always `nil` in independent mode (see ``outcomes``).
    public var failure: Failure?

    /// Whether the batch's successful writes are in the store: `false` only for an atomic batch
    /// that was rolled back.
    public var isCommitted: Bool { failure == nil }
}
