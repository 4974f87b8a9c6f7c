import TreatyDialect

/// The admin API as Swift calls: what `/__treaty/` offers over HTTP — reset, snapshots, the
/// request journal and fault rules — for code that runs the simulator in-process.
///
/// ```swift
/// let running = try await simulator.start()
/// running.control.addFault(FaultRule(path: PathPattern("/notes/**"), action: .status(.serviceUnavailable)))
/// // … exercise the app …
/// #expect(running.control.requests(method: "POST").count == 1)
/// running.control.reset()
/// ```
public struct SimulatorControl: Sendable {
    let store: RecordStore
    let journal: RequestJournal
    let faults: FaultInjector
    let streams: OpenStreams

    /// Puts every record back as the fixtures have them (`POST /__treaty/reset`).
    public func reset() {
        store.reset()
    }

    /// Saves the store's state under `name`, replacing an earlier snapshot of that name.
    public func snapshot(named name: String) {
        store.snapshot(named: name)
    }

    /// Restores the state saved under `name`.
    ///
    /// - Returns: `false` when no snapshot has that name.
    @discardableResult
    public func restore(named name: String) -> Bool {
        store.restore(named: name)
    }

    /// The journaled requests, oldest first (at most the journal's capacity).
    ///
    /// - Parameters:
    ///   - method: Only this method (any case), when given.
    ///   - path: Only paths matching this pattern (`/notes/*`, `/notebooks/**`), when given.
    public func requests(method: String? = nil, path: String? = nil) -> [JournalEntry] {
        journal.entries(matching: RequestJournal.Filter(method: method, path: path.map { PathPattern($0) }))
    }

    /// Empties the journal.
    ///
    /// - Returns: How many entries it held.
    @discardableResult
    public func clearRequests() -> Int {
        journal.clear()
    }

    /// The active fault rules, in the order they are tried.
    public var faultRules: [FaultRule] {
        faults.rules
    }

    /// Adds a fault rule after the active ones.
    public func addFault(_ rule: FaultRule) {
        faults.add(rule)
    }

    /// Drops the connection of every open response stream (a realtime subscription, say), as a
    /// server restart or a network change would, so an app's reconnect logic can be tested.
    ///
    /// - Returns: How many streams were open.
    @discardableResult
    public func dropStreams() -> Int {
        streams.cancelAll()
    }

    /// Removes every fault rule.
    ///
    /// - Returns: How many there were.
    @discardableResult
    public func clearFaults() -> Int {
        faults.clear()
    }
}
