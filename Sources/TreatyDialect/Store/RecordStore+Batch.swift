extension RecordStore {
    /// Applies `operations` in order under one acquisition of the store's lock, so no other
    /// request sees the batch half done.
    ///
    /// Each successful write gets its own version and timestamp, exactly as the single
    /// operations do, and sees the writes before it (create a project, then a task under it).
    ///
    /// - ``BatchMode/atomic``: when an operation fails, every write of the batch is undone from
    ///   an undo log — records, insertion order, version counter, clock and id generator — so
    ///   the store dumps byte for byte as before; the result names the failing operation
    ///   (``BatchResult/failure``), marks the ones before it ``BatchResult/Outcome/rolledBack``
    ///   and the ones after it ``BatchResult/Outcome/skipped``. A stale last-writer-wins
    ///   outcome is not a failure.
    /// - ``BatchMode/independent``: a failing operation is ``BatchResult/Outcome/failed(_:)``
    ///   and changes nothing; the others apply.
    ///
    /// Cost is proportional to the operations, not to the store: nothing is copied up front.
    ///
    /// - Returns: One outcome per operation, in order.
    public func apply(_ operations: [StoreOperation], mode: BatchMode) -> BatchResult {
        let now = Self.wallClock()
        return writing { state -> BatchResult in
            let saved = (version: state.version, lastMutation: state.lastMutation, random: state.random)
            var undo: [StoreChange] = []
            var outcomes: [BatchResult.Outcome] = []
            outcomes.reserveCapacity(operations.count)
            for (index, operation) in operations.enumerated() {
                do throws(StoreError) {
                    let (outcome, change) = try perform(operation, in: &state, now: now)
                    if let change { undo.append(change) }
                    outcomes.append(outcome)
                } catch {
                    guard mode == .atomic else {
                        outcomes.append(.failed(error))
                        continue
                    }
                    state.undo(undo)
                    state.version = saved.version
                    state.lastMutation = saved.lastMutation
                    state.random = saved.random
                    let rolledBack = [BatchResult.Outcome](repeating: .rolledBack, count: index)
                    let skipped = [BatchResult.Outcome](repeating: .skipped, count: operations.count - index - 1)
                    return BatchResult(
                        outcomes: rolledBack + [.failed(error)] + skipped,
                        failure: BatchResult.Failure(index: index, error: error))
                }
            }
            commit(changes: undo, in: &state)
            return BatchResult(outcomes: outcomes, failure: nil)
        }
    }

    private func perform(_ operation: StoreOperation, in state: inout StoreState, now: Int64) throws(StoreError)
        -> (BatchResult.Outcome, StoreChange?)
    {
        let resource = operation.resource
        switch operation.kind {
        case .create(let scope, let body):
            let (record, change) = try applyCreate(resource, scope: scope, body: body, in: &state, now: now)
            return (.applied(record), change)
        case .change(let id, let scope, let input, let write):
            let (record, change) = try applyChange(
                resource, id: id, scope: scope, input: input, write: write, in: &state, now: now)
            return (.applied(record), change)
        case .delete(let id, let scope, let expectedVersion):
            let (record, change) = try applyDelete(
                resource, id: id, scope: scope, expectedVersion: expectedVersion, in: &state, now: now)
            return (.applied(record), change)
        case .upsertIfNewer(let id, let record, let updatedAt):
            return try applyUpsertIfNewer(resource, id: id, record: record, updatedAt: updatedAt, in: &state, now: now)
        case .deleteIfNewer(let id, let updatedAt):
            return try applyDeleteIfNewer(resource, id: id, updatedAt: updatedAt, in: &state, now: now)
        }
    }
}
