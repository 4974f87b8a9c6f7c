internal import TreatyDialect

/// What a serialized full list (no sync cursor) depends on besides the revisions of the tables
/// it was computed from: the listed resource and, for a scoped list, its parent (whose record
/// decides between the list and a 404). Lists are kept in a ``TreatyDialect/RevisionCache``
/// at the revisions of the resource and the parent's table, so a write makes them unreachable.
struct FullListKey: CacheKey {
    let resource: String
    let parentID: String?

    var byteCount: Int { resource.utf8.count + (parentID?.utf8.count ?? 0) }

    /// The most lists kept, and the most bytes they may hold.
    static let capacity = 4096
    static let byteLimit = 64 << 20
}
