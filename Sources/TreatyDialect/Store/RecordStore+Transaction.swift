internal import Synchronization

extension RecordStore {
    /// Runs a multi-step write — reads, checks, then writes — atomically against every other
    /// writer of the store, and undoes its writes when it throws.
    ///
    /// `body` uses the store as usual (``get(_:id:scope:)``, ``create(_:scope:body:)``,
    /// ``apply(_:mode:)``, …). While it runs, the transaction holds the store's writer lock: every
    /// other write — from any task, and ``reset()``, ``restore(named:)``, ``define(_:)`` —
    /// waits until it ends, so what `body` read is what its writes meet. Writes inside `body`
    /// (and transactions nested in it) join the transaction instead of waiting for it.
    ///
    /// When `body` throws, every record write it made is undone from an undo log, newest first,
    /// and the version counter, clock and id generator are put back, as an atomic
    /// ``apply(_:mode:)`` does; then the error is rethrown. A ``reset()`` or ``restore(named:)``
    /// inside `body` ends the undo log (the writes before it are gone anyway; later ones stay).
    /// Readers are not blocked: a read while `body` runs may see its writes so far.
    ///
    /// ```swift
    /// try store.transaction { () throws(StoreError) in
    ///     let record = try store.get("orders", id: id)
    ///     guard record["state"] == "open" else { throw StoreError(.conflict, "closed") }
    ///     try store.update("orders", id: id, patch: ["state": "paid"])
    ///     try store.create("payments", body: payment)
    /// }
    /// ```
    ///
    /// - Parameter body: The reads, checks and writes.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, after undoing its writes.
    public func transaction<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try writers.withLock(owning: true) { nested throws(Failure) -> Result in
            if nested { return try body() }
            let saved = state.withLock { state in
                state.journal = []
                return (version: state.version, lastMutation: state.lastMutation, random: state.random)
            }
            do throws(Failure) {
                let result = try body()
                state.withLock { $0.journal = nil }
                return result
            } catch {
                state.withLock { state in
                    // A reset or restore in the body replaced the state and ended the log.
                    guard let journal = state.journal else { return }
                    state.undo(journal)
                    state.journal = nil
                    state.version = saved.version
                    state.lastMutation = saved.lastMutation
                    state.random = saved.random
                }
                throw error
            }
        }
    }
}
