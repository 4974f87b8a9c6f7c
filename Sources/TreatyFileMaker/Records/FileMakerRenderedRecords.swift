internal import TreatyDialect

/// Records already rendered as the Data API sends them, by rendering (layout, date format,
/// portal selection) and record id, kept while the revisions of the layout's table and its
/// portals' tables stay the same — a write to any of them starts the rendering afresh.
///
/// Kept in a ``TreatyDialect/RevisionCache`` bounded by ``capacity`` records and answers and
/// ``byteLimit`` bytes (portal selections come from clients).
final class FileMakerRenderedRecords: Sendable {
    static let capacity = 65_536
    static let byteLimit = 64 << 20

    /// A rendered record, or a whole answer to `GET …/records/{id}` without parameters.
    struct Key: CacheKey {
        let rendering: String
        let id: String
        let isAnswer: Bool

        var byteCount: Int { rendering.utf8.count + id.utf8.count }
    }

    private let kept = RevisionCache<Key, [UInt8]>(
        capacity: FileMakerRenderedRecords.capacity, byteLimit: FileMakerRenderedRecords.byteLimit)

    /// The bytes of record `id` in `rendering` at `revisions`, rendered by `render` when not
    /// kept yet.
    func bytes(rendering: String, revisions: [UInt64], id: String, render: () -> [UInt8]) -> [UInt8] {
        kept.value(for: Key(rendering: rendering, id: id, isAnswer: false), revisions: revisions, make: render)
    }

    /// The answer kept for `GET …/records/{id}` in `rendering` at `revisions`, if any.
    func answer(rendering: String, revisions: [UInt64], id: String) -> [UInt8]? {
        kept.value(for: Key(rendering: rendering, id: id, isAnswer: true), revisions: revisions)
    }

    /// Keeps `bytes` as the answer for record `id` in `rendering` at `revisions`.
    func keepAnswer(_ bytes: [UInt8], rendering: String, revisions: [UInt64], id: String) {
        kept.keep(bytes, for: Key(rendering: rendering, id: id, isAnswer: true), revisions: revisions)
    }
}
