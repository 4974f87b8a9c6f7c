internal import Synchronization

/// Recent finds' outcomes, kept while the tables they read keep their revisions: the records a
/// `_find` body found (positions in the table's projection) and the first of them in its sort
/// order. A find repeated before the next write to those tables — a list screen shown again, a
/// poll — skips the search and the sort; any write makes it search again.
///
/// At most ``maxEntries`` outcomes are kept; when a new one would pass the bound, all are
/// dropped.
final class FileMakerFoundSets: Sendable {
    static let maxEntries = 256

    /// One find's outcome.
    struct FoundSet: Sendable {
        /// The revisions of the layout's table and its portals' tables it was found at.
        let revisions: [UInt64]
        /// The positions found, ascending.
        let found: [Int]
        /// The first positions in the find's sort order (all of them, or at least a page's worth).
        let ordered: [Int]
    }

    private let sets = Mutex<[String: FoundSet]>([:])

    /// The outcome kept for `key` at `revisions`, if any.
    func foundSet(_ key: String, revisions: [UInt64]) -> FoundSet? {
        sets.withLock { sets in
            guard let kept = sets[key], kept.revisions == revisions else { return nil }
            return kept
        }
    }

    /// Keeps `set` for `key`.
    func keep(_ set: FoundSet, for key: String) {
        sets.withLock { sets in
            if sets[key] == nil, sets.count >= Self.maxEntries { sets.removeAll() }
            sets[key] = set
        }
    }
}
