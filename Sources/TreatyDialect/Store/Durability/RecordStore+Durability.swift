public import TreatyCore
import TreatyJSON

/// The store's side of durability: reporting commits to its ``StoreCommitLog``, taking images of
/// its state, and coming back from an image and the commits after it.
extension RecordStore {
    /// Recreates a store from stored state: `recovery.latest` (or `recovery.base`) with
    /// `recovery.commits` replayed on it, in order — records, tombstones, insertion order,
    /// runtime-defined resources, named snapshots, versions, clock and id generator exactly as
    /// they were after the last commit.
    ///
    /// A resource the contract declares with the same ``RecordShape`` is taken from the
    /// contract (so compatible edits such as new constraints apply); others keep their stored
    /// definition.
    ///
    /// - Parameters:
    ///   - contract: The contract the records follow.
    ///   - configuration: Clock, seed and tombstone retention.
    ///   - recovery: The base image ``reset()`` returns to, the latest image and the commits.
    ///   - commitLog: Where to report the commits from now on.
    /// - Throws: ``StoreImageError`` when an image or commit is not in the store's format.
    public convenience init(
        contract: Contract, configuration: StoreConfiguration, recovering recovery: StoreRecovery,
        commitLog: (any StoreCommitLog)? = nil
    ) throws(StoreImageError) {
        let base = try Self.state(of: recovery.base, configuration: configuration, contract: contract)
        var current = try recovery.latest.map { image throws(StoreImageError) in
            try Self.state(of: image, configuration: configuration, contract: contract)
        } ?? base
        for commit in recovery.commits {
            let payload = try StoreImageCoding.object(commit.payload, "commit")
            for operation in try StoreImageCoding.array(payload["ops"], "ops") {
                try RedoOperation.replay(operation, on: &current, base: base, contract: contract)
            }
            try StoreImageCoding.apply(counters: payload["counters"], to: &current)
        }
        self.init(contract: contract, configuration: configuration, initial: base, current: current, commitLog: commitLog)
    }

    /// The state the store holds now, named snapshots included (outside an open transaction).
    public func image() -> StoreImage {
        reading { StoreImage($0) }
    }

    /// The state a ``reset()`` returns to.
    public var baseImage: StoreImage {
        StoreImage(initialState)
    }

    /// Runs `body` between two commits and returns the state at that point: no write commits
    /// while `body` runs, so a ``StoreCommitLog`` can start a new log file in it and know the
    /// image holds exactly the commits before the new file.
    ///
    /// - Parameter body: What to do between the commits (keep it short: writers wait).
    /// - Returns: The state at that point.
    public func checkpoint(_ body: () -> Void) -> StoreImage {
        writing { state in
            body()
            return StoreImage(state)
        }
    }

    /// Reports `operations` to the commit log when no transaction is open (a transaction reports
    /// its undo log as one commit when it commits).
    func commit(_ operations: [RedoOperation], in state: inout StoreState) {
        guard state.transaction == nil, let commitLog else { return }
        let payload: JSONValue = .object([
            "ops": .array(operations.map(\.json)), "counters": StoreImageCoding.counters(of: state),
        ])
        commitLog.append(StoreCommit(payload: payload))
    }

    /// Commits row changes: queues them for observers, and adds them to the open transaction's
    /// undo log or reports them to the commit log.
    func commit(changes: some Collection<StoreChange>, in state: inout StoreState) {
        observe(changes: changes, in: state)
        guard state.transaction == nil else {
            state.journal(changes)
            return
        }
        guard commitLog != nil else { return }
        commit(RedoOperation.rows(changes, in: state), in: &state)
    }

    private static func state(of image: StoreImage, configuration: StoreConfiguration, contract: Contract)
        throws(StoreImageError) -> StoreState
    {
        switch image.storage {
        case .state(let state): state
        case .payload(let payload):
            try StoreImageCoding.decode(payload, configuration: configuration, contract: contract)
        }
    }
}
