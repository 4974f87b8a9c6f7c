internal import Foundation

/// The lock every write to a ``RecordStore`` takes before its state lock, and a transaction holds
/// for its whole body (``RecordStore/transaction(_:)``), so no other write lands between a
/// transaction's reads and its writes.
///
/// Reentrant for the transaction's own task: a write inside the body (or a nested transaction)
/// sees that the task holds it, through a task-local, and does not wait for itself. Readers never
/// take it.
final class StoreWriterLock: Sendable {
    private let lock = NSLock()
    @TaskLocal private static var held: [ObjectIdentifier] = []

    /// Whether the current task holds this lock.
    var isHeld: Bool { Self.held.contains(ObjectIdentifier(self)) }

    /// Runs `body` holding the lock; `nested` is `true` when the task held it already.
    ///
    /// - Parameters:
    ///   - owning: Whether writes inside `body` join it (a transaction) — the task is then
    ///     marked as the holder. A single write calls no code that writes, so it does not mark.
    ///   - body: What runs under the lock.
    func withLock<Result, Failure: Error>(owning: Bool, _ body: (_ nested: Bool) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        if isHeld { return try body(true) }
        lock.lock()
        defer { lock.unlock() }
        guard owning else { return try body(false) }
        let holders = Self.held + [ObjectIdentifier(self)]
        let outcome = Self.$held.withValue(holders) { () -> Swift.Result<Result, Failure> in
            do throws(Failure) {
                return .success(try body(false))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
