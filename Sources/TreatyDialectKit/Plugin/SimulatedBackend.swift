public import TreatyCore
public import TreatyDialect

/// A backend ready to serve: a fresh ``TreatyDialect/Dialect`` for each simulator, the contract
/// its ``TreatyDialect/RecordStore`` follows, and the records the store starts from.
public struct SimulatedBackend: Sendable {
    /// The contract the store follows (for a PocketBase schema, the collections as resources).
    public var contract: Contract
    /// The records the store starts with and is reset to.
    public var fixtures: FixtureSet
    /// Makes the dialect; each simulator gets its own, since a dialect may keep per-server
    /// state (sessions, settings).
    public var makeDialect: @Sendable () -> any Dialect

    /// Creates a backend.
    public init(contract: Contract, fixtures: FixtureSet, makeDialect: @escaping @Sendable () -> any Dialect) {
        self.contract = contract
        self.fixtures = fixtures
        self.makeDialect = makeDialect
    }

    /// A store for this backend with its fixtures.
    ///
    /// - Parameter configuration: The clock, seed and limits.
    public func makeStore(configuration: StoreConfiguration = StoreConfiguration()) -> RecordStore {
        RecordStore(contract: contract, fixtures: fixtures, configuration: configuration)
    }
}
