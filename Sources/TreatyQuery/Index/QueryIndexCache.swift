import Synchronization
import TreatyJSON

/// Sorted indexes of record fields, built lazily and rebuilt when a resource's
/// ``QueryDataSource/version(of:)`` changes.
///
/// A data source that returns a cache from ``QueryDataSource/indexCache`` lets queries look up
/// equality and ranges on numbers, dates and case-sensitive strings (the parent-scope key and
/// relation keys included) instead of scanning every record. The cache is safe to share between
/// threads.
public final class QueryIndexCache: Sendable {
    /// How much the cache has done, for tests and benchmarks.
    public struct Statistics: Sendable, Hashable {
        /// Indexes built (first use, or after a version change).
        public var builds: Int
        /// Lookups served by an index that was already built.
        public var reuses: Int
        /// Indexes currently held.
        public var indexes: Int
    }

    private struct State {
        var indexes: [IndexSpec: SortedIndex] = [:]
        var builds = 0
        var reuses = 0
    }

    private let state = Mutex(State())

    /// Creates an empty cache.
    public init() {}

    /// How much the cache has done.
    public var statistics: Statistics {
        state.withLock { Statistics(builds: $0.builds, reuses: $0.reuses, indexes: $0.indexes.count) }
    }

    /// Drops every index.
    public func removeAll() {
        state.withLock { $0.indexes.removeAll() }
    }

    /// The index of `spec` for `version`, built from `records` if it is missing or stale.
    func index(_ spec: IndexSpec, version: UInt64, records: [JSONObject]) -> SortedIndex {
        let existing: SortedIndex? = state.withLock { state in
            guard let index = state.indexes[spec], index.version == version, index.recordCount == records.count
            else { return nil }
            state.reuses += 1
            return index
        }
        if let existing { return existing }
        let built = SortedIndex(spec, version: version, records: records)
        state.withLock { state in
            state.indexes[spec] = built
            state.builds += 1
        }
        return built
    }
}
