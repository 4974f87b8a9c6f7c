internal import TreatyDialect

/// Recent finds' outcomes, kept while the tables they read keep their revisions: the records a
/// `_find` body found (positions in the table's projection) and the first of them in its sort
/// order. A find repeated before the next write to those tables — a list screen shown again, a
/// poll — skips the search and the sort; any write makes it search again.
///
/// Kept in a ``TreatyDialect/RevisionCache`` of at most ``capacity`` outcomes and ``byteLimit``
/// bytes.
final class FileMakerFoundSets: Sendable {
    static let capacity = 256
    static let byteLimit = 32 << 20

    /// One find's outcome.
    struct FoundSet: Sendable {
        /// The positions found, ascending.
        let found: [Int]
        /// The first positions in the find's sort order (all of them, or at least a page's worth).
        let ordered: [Int]
    }

    private let kept = RevisionCache<String, FoundSet>(
        capacity: FileMakerFoundSets.capacity, byteLimit: FileMakerFoundSets.byteLimit
    ) { key, set in
        key.utf8.count + (set.found.count + set.ordered.count) * MemoryLayout<Int>.stride
    }

    /// The outcome kept for `key` at `revisions` (the layout's table's and its portals'
    /// tables'), if any.
    func foundSet(_ key: String, revisions: [UInt64]) -> FoundSet? {
        kept.value(for: key, revisions: revisions)
    }

    /// Keeps `set` for `key` at `revisions`.
    func keep(_ set: FoundSet, for key: String, revisions: [UInt64]) {
        kept.keep(set, for: key, revisions: revisions)
    }
}
