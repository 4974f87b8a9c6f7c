internal import TreatyDialect

/// What a CloudKit read's kept answer (`records/lookup`, `records/query`) depends on: the
/// operation, environment, database and zone owner, the `Host` (asset URLs name it) and the exact
/// body. Answers are kept in a ``TreatyDialect/RevisionCache`` until the store's records, record
/// types or zones change; answers holding an error entry are never kept, since every error has its
/// own `uuid`.
struct CloudKitReadKey: CacheKey {
    var scope: String
    var host: String
    var body: [UInt8]

    var byteCount: Int { scope.utf8.count + host.utf8.count + body.count }

    /// The most answers kept, and the most bytes they may hold.
    static let capacity = 512
    static let byteLimit = 32 << 20

    /// The revisions of what reads depend on: records, record types and zones. Read before an
    /// answer is made.
    static func revisions(in store: RecordStore) -> [UInt64] {
        [CloudKitStoreModel.records, CloudKitStoreModel.recordTypes, CloudKitStoreModel.zones].map {
            (try? store.revision(of: $0)) ?? 0
        }
    }
}
