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
    /// The transaction works on a private copy of the store's state, which its own reads and
    /// writes see. Readers elsewhere are not blocked and keep seeing the state as it was before
    /// the transaction began, until the copy is published in one step when `body` returns. When
    /// `body` throws, the copy is dropped — records, schema, snapshots, version counter, clock and
    /// id generator all stay as they were — and the error is rethrown. The copy shares storage
    /// with the published state until written to, so a transaction costs one copy of each table
    /// it writes (a single write outside a transaction copies nothing).
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
    /// - Throws: What `body` throws, after dropping its writes.
    public func transaction<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try writers.withLock(owning: true) { nested throws(Failure) -> Result in
            if nested { return try body() }
            let copy = state.withLock { $0 }
            staged.withLock { $0 = copy }
            openTransactions.add(1, ordering: .releasing)
            defer { openTransactions.subtract(1, ordering: .releasing) }
            do throws(Failure) {
                let result = try body()
                guard var committed = staged.withLock({ $0.take() }) else { return result }
                state.withLock { swap(&$0, &committed) }
                Self.discard(committed)
                return result
            } catch {
                Self.discard(staged.withLock { $0.take() })
                throw error
            }
        }
    }

    /// Runs `body` on the state the current task sees: the open transaction's private copy when
    /// the task runs that transaction, else the published state.
    ///
    /// Reads take it instead of the state lock alone; while no transaction is open it costs one
    /// atomic load more.
    func withState<Result, Failure: Error>(_ body: (inout StoreState) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        if openTransactions.load(ordering: .acquiring) > 0, writers.isHeld { return try withStaged(body) }
        return try state.withLock { state throws(Failure) -> Result in try body(&state) }
    }

    /// Runs `body` on the open transaction's private copy, moved out of its slot (not copied)
    /// for the call; on the published state when no copy is staged. Only the transaction's own
    /// task reaches the copy, so no lock is held while `body` runs on it.
    func withStaged<Result, Failure: Error>(_ body: (inout StoreState) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        guard var current = staged.withLock({ $0.take() }) else {
            return try state.withLock { state throws(Failure) -> Result in try body(&state) }
        }
        defer { staged.withLock { $0 = current } }
        return try body(&current)
    }
}
