internal import Dispatch
internal import Synchronization
public import TreatyCore
public import TreatyJSON

/// The simulator's canonical records: one table per resource, a store-wide version counter and
/// clock, tombstones, snapshots — every dialect serves its records from here.
///
/// Records are canonical: JSON objects keyed by the contract's declared keys, every declared
/// key present (`null` or `[]` when empty). Every operation is validated completely before it
/// writes, so a refused write changes nothing (RS-NL-7, RS-CR-4). The store is safe to use from
/// any number of threads: its state sits behind one lock, so each operation is atomic and every
/// mutation gets its own version and timestamp; a ``transaction(_:)`` makes several operations
/// one, invisible to readers until it commits.
public final class RecordStore: Sendable {
    /// The contract the records follow.
    public let contract: Contract
    /// The state the fixtures give, which ``reset()`` returns to: a snapshot taken at start-up,
    /// so a reset costs what a restore does.
    let initialState: StoreState
    let configuration: StoreConfiguration
    let retention: Int64
    let state: Mutex<StoreState>
    /// Taken by every write before `state`, and held by a transaction for its whole body.
    let writers = StoreWriterLock()
    /// What readers outside an open transaction see: the state before it, built from the
    /// transaction's undo log by the first such read (``transaction(_:)``); `nil` while none is
    /// built. Taken only inside `state`'s lock.
    let readerView = Mutex<StoreState?>(nil)
    /// Who ``observe(_:)`` the commits, and what the current write will tell them.
    let observers = StoreObservers()

    /// Where committed writes are reported (``StoreCommitLog``); `nil` keeps the store in
    /// memory only.
    public let commitLog: (any StoreCommitLog)?

    /// Creates a store holding `fixtures` (already checked against the contract, see
    /// ``FixtureLoader``).
    ///
    /// - Parameters:
    ///   - contract: The contract the records follow.
    ///   - fixtures: The records it starts with and resets to.
    ///   - configuration: Clock, seed and tombstone retention.
    ///   - commitLog: Where to report each committed write, for durability; `nil` for none.
    public convenience init(
        contract: Contract, fixtures: FixtureSet = FixtureSet(), configuration: StoreConfiguration = .init(),
        commitLog: (any StoreCommitLog)? = nil
    ) {
        var models: [String: ResourceModel] = [:]
        for resource in contract.resources { models[resource.name] = ResourceModel(resource, contract: contract) }
        let initial = StoreState(
            models: models, fixtures: fixtures, configuration: configuration, now: Self.wallClock())
        self.init(contract: contract, configuration: configuration, initial: initial, current: initial, commitLog: commitLog)
    }

    init(
        contract: Contract, configuration: StoreConfiguration, initial: StoreState, current: StoreState,
        commitLog: (any StoreCommitLog)?
    ) {
        self.contract = contract
        self.configuration = configuration
        self.commitLog = commitLog
        retention = configuration.tombstoneRetentionMilliseconds ?? contract.tombstoneRetentionMilliseconds
        initialState = initial
        state = Mutex(current)
    }

    /// Puts every record back as the fixtures have them, and the clock and counters with them.
    ///
    /// The start-up state is kept as a copy-on-write snapshot, so a reset takes constant time
    /// whatever the fixtures hold. On the system clock the fixtures' history starts again now
    /// (see ``StoreState/expiryAge(of:now:)``).
    public func reset() {
        let now = Self.wallClock()
        var fresh = initialState
        fresh.restartHistory(now: now)
        let replaced = writing { current in
            fresh.snapshots = current.snapshots
            fresh.attachments[.standing] = current.attachments[.standing]
            fresh.draws = current.draws
            keepReaderView(across: &fresh, replacing: current)
            swap(&current, &fresh)
            commit([.reset(historyOrigin: current.historyOrigin)], in: &current)
            observe(.replaced)
            return fresh
        }
        Self.discard(replaced)
    }

    /// Frees a replaced state away from the caller: after a write, the tables it holds are
    /// copies that take milliseconds to free (100,000 rows: about 8 ms), which a reset or
    /// restore should not wait for.
    static func discard(_ replaced: StoreState?) {
        guard let replaced else { return }
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(replaced) {} }
    }

    /// Saves the current records under `name` (replacing an earlier snapshot of that name).
    public func snapshot(named name: String) {
        writing { current in
            var copy = current
            copy.snapshots = [:]
            copy.attachments[.standing] = nil
            copy.transaction = nil
            current.snapshots[name] = copy
            commit([.snapshot(name)], in: &current)
        }
    }

    /// Restores the records saved as `name`; returns `false` when there is no such snapshot.
    @discardableResult
    public func restore(named name: String) -> Bool {
        let replaced = writing { current -> StoreState? in
            guard var saved = current.snapshots[name] else { return nil }
            saved.snapshots = current.snapshots
            saved.attachments[.standing] = current.attachments[.standing]
            saved.draws = current.draws
            keepReaderView(across: &saved, replacing: current)
            swap(&current, &saved)
            commit([.restore(name)], in: &current)
            observe(.replaced)
            return saved
        }
        let restored = replaced != nil
        Self.discard(replaced)
        return restored
    }

    /// The names of the saved snapshots, sorted.
    public var snapshotNames: [String] {
        reading { $0.snapshots.keys.sorted() }
    }

    /// Every record of `resource`, tombstones included, in insertion order; `nil` for an
    /// unknown resource.
    public func dump(_ resource: String) -> [JSONObject]? {
        reading { current in
            guard let table = current.tables[resource] else { return nil }
            return table.order.compactMap { table.rows[$0]?.record }
        }
    }

    /// The highest version handed out so far.
    public var currentVersion: Int64 {
        reading { $0.version }
    }

    /// The store clock: the timestamp of the last mutation, in milliseconds since 1970.
    public var clockMilliseconds: Int64 {
        reading { $0.lastMutation }
    }

    static func model(_ resource: String, in state: StoreState) throws(StoreError) -> ResourceModel {
        guard let model = state.models[resource] else { throw StoreError(.notFound, "no resource '\(resource)'") }
        return model
    }

    /// Throws `not_found` unless the store has `resource`, without copying its model out (a hot
    /// check: revisions are read on every kept answer).
    static func requireResource(_ resource: String, in state: StoreState) throws(StoreError) {
        guard state.models.index(forKey: resource) != nil else { throw StoreError(.notFound, "no resource '\(resource)'") }
    }
}

/// The parent that scopes a request: `project_id` = `P1` for `/projects/P1/tasks`.
public struct Scope: Sendable, Hashable {
    /// The parent resource's name.
    public var parent: String
    /// The key that carries the parent's id in child records.
    public var key: String
    /// The parent's id from the path.
    public var id: String

    /// Creates a scope.
    public init(parent: String, key: String, id: String) {
        self.parent = parent
        self.key = key
        self.id = id
    }
}

/// An incremental-sync cursor as the request gave it.
public enum SyncCursor: Sendable, Hashable {
    /// `?updated_after=TS` (or `since`): rows changed strictly after the timestamp.
    case updatedAfter(String)
    /// `?since_version=N`: rows whose version is greater than N.
    case sinceVersion(String)
}

/// The records of a list request, and the cursor to send back with an incremental feed.
public struct RecordList: Sendable {
    /// The records in answer order.
    public var records: [JSONObject]
    /// For incremental feeds: the next cursor (rest-sync's `Sync-Cursor`); `nil` for full lists.
    public var cursor: String?
}
