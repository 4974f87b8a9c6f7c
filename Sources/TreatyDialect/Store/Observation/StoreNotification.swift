/// What a store tells its observers after a commit (``RecordStore/observe(_:)``).
public enum StoreNotification: Sendable, Hashable {
    /// Records one commit changed, in the order they were written: one for a single write,
    /// several for a batch or a transaction.
    case records([RecordChange])
    /// Every record was replaced at once: ``RecordStore/reset()`` or
    /// ``RecordStore/restore(named:)``. No per-record changes are reported for it; an observer
    /// that mirrors records should start again from the store's current state.
    case replaced
    /// A resource was removed with every record of it (``RecordStore/removeResource(named:)``);
    /// no per-record changes are reported for its records.
    case resourceRemoved(String)
}
