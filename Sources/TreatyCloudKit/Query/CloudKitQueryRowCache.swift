internal import TreatyDialect
internal import TreatyJSON
internal import TreatyQuery

/// The rows a query searches, kept per zone set and record type until the records change: the
/// stored records of that type in those zones and their flat query rows in a data source whose
/// indexes the query model keeps between searches.
///
/// Kept in a ``TreatyDialect/RevisionCache`` at the records' revision, at most ``capacity``
/// record sets and ``byteLimit`` bytes, weighed at ``bytesPerRecord`` (an estimate) per record.
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
    /// The most bytes the record sets may weigh.
    static let byteLimit = 1 << 30
    /// The estimated bytes of one record: the stored record shared with the store, its flat row
    /// and its index entries.
    static let bytesPerRecord = 512

    private let sets = RevisionCache<Key, Rows>(
        capacity: CloudKitQueryRowCache.capacity, byteLimit: CloudKitQueryRowCache.byteLimit
    ) { key, rows in
        key.recordType.utf8.count + key.zones.reduce(0) { $0 + $1.utf8.count }
            + rows.stored.count * CloudKitQueryRowCache.bytesPerRecord
    }

    func rows(for key: Key, revision: UInt64, make: () -> Rows) -> Rows {
        sets.value(for: key, revisions: [revision], make: make)
    }
}
