/// Where a ``RecordStore`` reports every write it commits, so that something outside it can make
/// the write durable (`treaty serve --persist`).
///
/// The store calls ``append(_:)`` once per committed write — a single operation, a whole batch,
/// a whole ``RecordStore/transaction(_:)``, a schema change, a reset, a snapshot or a restore —
/// while it holds its writer lock, so the order of the calls is the order of the commits. A
/// write that fails, a batch that rolls back and a transaction that throws report nothing.
///
/// Conformers must guarantee:
/// - ``append(_:)`` returns quickly and never calls back into the store (it runs under the
///   store's locks);
/// - ``whenDurable(_:)`` calls its closure exactly once, after every commit appended before the
///   call is durable (at once when nothing is pending), from any thread;
/// - replaying the appended commits in order with
///   ``RecordStore/init(contract:configuration:recovering:commitLog:)`` gives the state the store
///   had after the last of them.
public protocol StoreCommitLog: Sendable {
    /// Takes one committed write, in commit order.
    ///
    /// - Parameter commit: The write's redo record.
    func append(_ commit: StoreCommit)

    /// Calls `done` once everything appended so far is durable.
    ///
    /// - Parameter done: What to run then; it may run on any thread.
    func whenDurable(_ done: @escaping @Sendable () -> Void)
}
