public import TreatyJSON

/// One committed write of a ``RecordStore`` as redo information: the after-image of every row it
/// changed (with its place in the insertion order), the schema changes, resets, snapshots and
/// restores it made, and the store's counters after it (version, clock, id generator).
///
/// The payload is the store's own format; a ``StoreCommitLog`` stores it as it is and hands it
/// back for recovery (``RecordStore/init(contract:configuration:recovering:commitLog:)``).
public struct StoreCommit: Sendable, Hashable {
    /// The redo record, as a JSON object.
    public var payload: JSONValue

    /// Wraps a payload read back from storage.
    ///
    /// - Parameter payload: A payload an earlier ``StoreCommitLog/append(_:)`` received.
    public init(payload: JSONValue) {
        self.payload = payload
    }
}
