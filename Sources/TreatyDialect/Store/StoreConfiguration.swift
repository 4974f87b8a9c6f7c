/// How a ``RecordStore`` keeps time, mints ids and retains tombstones.
public struct StoreConfiguration: Sendable, Hashable {
    /// Where timestamps come from.
    public enum Clock: Sendable, Hashable {
        /// Real time; each mutation still gets max(now, previous + 1 ms).
        case system
        /// Deterministic: starts at this instant (milliseconds since 1970) and advances 1 ms per
        /// mutation, so two runs of the same requests give byte-identical responses.
        case fixed(startMilliseconds: Int64)
    }

    /// Where timestamps come from (default: real time).
    public var clock: Clock
    /// The seed of the id generator and every other random choice (default 0).
    public var seed: UInt64
    /// How long tombstones are kept, in milliseconds; `nil` uses the contract's retention.
    public var tombstoneRetentionMilliseconds: Int64?

    /// Creates a configuration.
    public init(clock: Clock = .system, seed: UInt64 = 0, tombstoneRetentionMilliseconds: Int64? = nil) {
        self.clock = clock
        self.seed = seed
        self.tombstoneRetentionMilliseconds = tombstoneRetentionMilliseconds
    }
}
