internal import Synchronization

extension RecordStore {
    /// Runs a multi-step write — reads, checks, then writes — atomically against every other
    /// writer of the store, and isolated from every reader: what it writes appears all at once
    /// when it returns, or never when it throws.
    ///
    /// `body` uses the store as usual (``get(_:id:scope:)``, ``create(_:scope:body:)``,
    /// ``apply(_:mode:)``, …). While it runs, the transaction holds the store's writer lock: every
    /// other write — from any task, and ``reset()``, ``restore(named:)``, ``define(_:)`` —
    /// waits until it ends, so what `body` read is what its writes meet. Writes inside `body`
    /// (and transactions nested in it) join the transaction instead of waiting for it.
    ///
    /// Its writes go to the store in place and into an undo log, so a write costs what it costs
    /// outside a transaction. Readers elsewhere are not blocked and never see them: while the
    /// transaction is open, the first read from another task builds the state before it from
    /// the undo log (copying the tables the transaction has written so far, once) and every
    /// read until it ends uses that; the transaction's own reads see its writes. When `body`
    /// returns, its writes become visible all at once. When it throws, the log undoes them —
    /// records, schema changes, snapshots, version counter, clock and id generator — and the
    /// error is rethrown.
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
            state.withLock { $0.transaction = TransactionLog(at: $0) }
            do throws(Failure) {
                let result = try body()
                let view = state.withLock { state in
                    let log = state.transaction
                    state.transaction = nil
                    if let log { commit(log.redo(in: state), in: &state) }
                    return readerView.withLock { $0.take() }
                }
                Self.discard(view)
                observers.deliver()
                return result
            } catch {
                observers.discardPending()
                let view = state.withLock { state -> StoreState? in
                    guard var before = readerView.withLock({ $0.take() }) else {
                        state.rollBack()
                        return nil
                    }
                    swap(&state, &before)
                    return before
                }
                Self.discard(view)
                throw error
            }
        }
    }

    /// Runs a read on the state the current task may see: the state as it stands, or, while a
    /// transaction is open on another task, the state before that transaction.
    ///
    /// Outside transactions it costs one test of the state under its lock.
    func reading<Result, Failure: Error>(_ body: (inout StoreState) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try state.withLock { state throws(Failure) -> Result in
            guard state.transaction != nil, !writers.isHeld else { return try body(&state) }
            return try readerView.withLock { view throws(Failure) -> Result in
                var before = view.take() ?? state.rolledBack()
                defer { view = before }
                return try body(&before)
            }
        }
    }

    /// Builds the readers' view of an open transaction's start before a reset or restore inside
    /// it replaces `current` with `replacement` (whose history is not in the undo log), and keeps
    /// the transaction open on the replacement.
    func keepReaderView(across replacement: inout StoreState, replacing current: StoreState) {
        guard current.transaction != nil else { return }
        readerView.withLock { view in
            if view == nil { view = current.rolledBack() }
        }
        replacement.transaction = current.transaction
    }
}
