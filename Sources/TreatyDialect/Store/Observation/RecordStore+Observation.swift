import TreatyJSON

/// Telling observers what each commit changed.
extension RecordStore {
    /// Calls `observer` after every commit, in commit order, with what it changed: the records
    /// of a single write, a batch or a transaction (``StoreNotification/records(_:)``), a reset
    /// or restore (``StoreNotification/replaced``), a removed resource
    /// (``StoreNotification/resourceRemoved(_:)``). Writes made through any path — a dialect,
    /// the admin API, `SimulatorControl` — are reported alike; a transaction that rolls back
    /// reports nothing.
    ///
    /// The observer runs on the writing thread after the write is visible to readers and while
    /// later writers still wait, so notifications never overtake one another. It may read the
    /// store but must not write to it, and should be quick: queue the work, don't do I/O.
    /// A store nobody observes pays one atomic load per commit.
    ///
    /// - Parameter observer: What to call with each notification.
    /// - Returns: The registration; ``StoreObservation/cancel()`` ends it.
    public func observe(_ observer: @escaping @Sendable (StoreNotification) -> Void) -> StoreObservation {
        let key = observers.add(observer)
        return StoreObservation { [observers] in observers.remove(key) }
    }

    /// Queues the notification for committed row changes, the rows read from `state` as the
    /// writes left them.
    func observe(changes: some Collection<StoreChange>, in state: StoreState) {
        guard !observers.isEmpty, !changes.isEmpty else { return }
        let records = changes.compactMap { change -> RecordChange? in
            let before = change.previous.flatMap { $0.deleted ? nil : $0.record }
            let current = state.tables[change.resource]?.rows[change.id]
            let after = current.flatMap { $0.deleted ? nil : $0.record }
            let action: RecordChange.Action
            switch (before, after) {
            case (nil, nil): return nil
            case (nil, _): action = .create
            case (_, nil): action = .delete
            default: action = .update
            }
            return RecordChange(action: action, resource: change.resource, id: change.id, before: before, after: after)
        }
        guard !records.isEmpty else { return }
        observers.enqueue(.records(records))
    }

    /// Queues `notification` when anyone observes.
    func observe(_ notification: StoreNotification) {
        guard !observers.isEmpty else { return }
        observers.enqueue(notification)
    }
}
