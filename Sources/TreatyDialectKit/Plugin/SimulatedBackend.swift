public import TreatyCore
public import TreatyDialect

/// A backend ready to serve: a fresh ``TreatyDialect/Dialect`` for each simulator, the contract
/// its ``TreatyDialect/RecordStore`` follows, and the records the store starts from.
public struct SimulatedBackend: Sendable {
    /// The contract the store follows (for a PocketBase schema, the collections as resources).
    public var contract: Contract
    /// The records the store starts with and is reset to, in the store's canonical form
    /// (``TreatyDialect/FixtureSet/canonical(for:)``), so that its stores share their storage.
    public var fixtures: FixtureSet
    /// Makes the dialect; each simulator gets its own. Whatever a dialect acknowledges lives in
    /// the simulator's ``TreatyDialect/RecordStore`` (records, or attachments such as sessions,
    /// settings and files), so persisting the store (`treaty serve --persist`) persists the
    /// whole backend; the dialect may keep caches of it.
    public var makeDialect: @Sendable () -> any Dialect
    /// Writes a store's records as a fixture directory this backend's loader reads back
    /// (`treaty export fixtures`); `nil` when the dialect cannot export yet.
    public var exportFixtures: (@Sendable (RecordStore) -> [FixtureFile])?

    /// Creates a backend.
    ///
    /// - Parameters:
    ///   - contract: The contract the store follows.
    ///   - fixtures: The records the store starts with; kept in canonical form.
    ///   - exportFixtures: Writes a store's records in the dialect's fixture format, if it can.
    ///   - makeDialect: Makes the dialect for each simulator.
    public init(
        contract: Contract, fixtures: FixtureSet, exportFixtures: (@Sendable (RecordStore) -> [FixtureFile])? = nil,
        makeDialect: @escaping @Sendable () -> any Dialect
    ) {
        self.contract = contract
        self.fixtures = fixtures.canonical(for: contract)
        self.exportFixtures = exportFixtures
        self.makeDialect = makeDialect
    }

    /// A store for this backend with its fixtures.
    ///
    /// - Parameter configuration: The clock, seed and limits.
    public func makeStore(configuration: StoreConfiguration = StoreConfiguration()) -> RecordStore {
        RecordStore(contract: contract, fixtures: fixtures, configuration: configuration)
    }
}
