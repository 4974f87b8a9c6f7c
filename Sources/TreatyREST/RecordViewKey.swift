internal import TreatyDialect

/// What a serialized single-record answer depends on besides the revisions of the tables it
/// was read from: the resource, its parent (for a scoped endpoint) and the record's id. Answers
/// are kept in a ``TreatyDialect/RevisionCache`` at those revisions, so a read of a record
/// writes bytes already made, and a write makes them unreachable.
struct RecordViewKey: CacheKey {
    let resource: String
    let parentID: String?
    let id: String

    var byteCount: Int { resource.utf8.count + (parentID?.utf8.count ?? 0) + id.utf8.count }

    /// The most answers kept, and the most bytes they may hold.
    static let capacity = 65_536
    static let byteLimit = 64 << 20
}
