internal import Synchronization
internal import TreatyJSON
internal import TreatyQuery

/// The rows a query searches, kept per zone set and record type until the records change: the
/// stored records of that type in those zones and their flat query rows in a data source whose
/// indexes the query model keeps between searches.
final class CloudKitQueryRowCache: Sendable {
    struct Key: Hashable, Sendable {
        var zones: [String]
        var recordType: String
        var fields: [String: FieldKind]
    }

    /// What a query searches.
    struct Rows: Sendable {
        let revision: UInt64
        /// The stored records, in store order; a row's `___position` is its index here.
        let stored: [JSONObject]
        /// Their flat query rows.
        let source: InMemoryDataSource
    }

    /// The most record sets kept.
    static let capacity = 32

    private let sets = Mutex<[Key: Rows]>([:])

    func rows(for key: Key, revision: UInt64, make: () -> Rows) -> Rows {
        if let kept = sets.withLock({ $0[key] }), kept.revision == revision { return kept }
        let made = make()
        sets.withLock { sets in
            if sets.count >= Self.capacity { sets.removeAll() }
            sets[key] = made
        }
        return made
    }
}
