internal import TreatyDialect
internal import TreatyJSON
internal import TreatyQuery

/// What the dialect derives from a table's records and keeps until the table changes (kept in
/// ``TreatyDialect/RevisionCache``s at the store's revision of it, which names one content for
/// good): the records as the query model reads them, with an indexed data source, for `_find`;
/// related rows by key, for portals; rendered records; and recent finds' outcomes.
///
/// Projections and related rows are weighed by an estimate per record (their indexes and rows
/// are not measured byte by byte): ``projectionBytesPerRecord`` and ``relatedBytesPerRecord``.
final class FileMakerCaches: Sendable {
    /// A table's records as a layout's finds read them.
    struct Projection: Sendable {
        let revision: UInt64
        /// The stored records, in creation order.
        let records: [JSONObject]
        /// The same records as the query model reads them (``FileMakerFinder/project(_:layout:)``).
        let projected: [JSONObject]
        /// `projected`, indexed, under the resource name `records`.
        let source: InMemoryDataSource
        let schema: QuerySchema
        /// Every word of each text field (lower-cased, split at spaces), sorted, with the
        /// position of its record.
        let words: [String: WordIndex]
        /// Each field's sort order as a dense rank per record position: records whose values
        /// sort alike share a rank, and a lower rank sorts first.
        let sortRanks: [String: [Int32]]
    }

    /// The words of one field, sorted, each with its record's position.
    struct WordIndex: Sendable {
        /// The words as UTF-8, sorted byte-wise.
        let words: [[UInt8]]
        let positions: [Int]
        let recordCount: Int

        init(_ projected: [JSONObject], field: String) {
            recordCount = projected.count
            var pairs: [([UInt8], Int)] = []
            for (position, record) in projected.enumerated() {
                for value in record[field]?.arrayValue ?? [record[field] ?? .null] {
                    guard case .string(let text) = value else { continue }
                    for word in text.split(separator: " ") { pairs.append((Array(word.utf8), position)) }
                }
            }
            pairs.sort { $0.0.lexicographicallyPrecedes($1.0) }
            words = pairs.map(\.0)
            positions = pairs.map(\.1)
        }

        /// The positions, ascending, of the records with a word that starts with `prefix`; with
        /// `within` (ascending), only those among them.
        func positions(startingWith text: String, within: [Int]?) -> [Int] {
            let prefix = Array(text.utf8)
            var low = 0
            var high = words.count
            while low < high {
                let middle = (low + high) / 2
                if words[middle].lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
            }
            var found: [Int] = []
            while low < words.count, words[low].count >= prefix.count,
                words[low][..<prefix.count].elementsEqual(prefix)
            {
                found.append(positions[low])
                low += 1
            }
            found.sort()
            var unique: [Int] = []
            unique.reserveCapacity(found.count)
            for position in found where unique.last != position { unique.append(position) }
            guard let within else { return unique }
            return FileMakerFinder.intersection(unique, within)
        }
    }

    /// A related table's rows grouped by the value of one key field.
    struct Related: Sendable {
        let rows: [String: [JSONObject]]
        /// How many rows there are in all.
        let count: Int
    }

    /// Records rendered for answers (see ``FileMakerRenderedRecords``).
    let rendered = FileMakerRenderedRecords()
    /// Recent finds' outcomes (see ``FileMakerFoundSets``).
    let foundSets = FileMakerFoundSets()
    /// The estimated bytes of one record in a projection: the stored and projected record, its
    /// index entries, words and sort ranks.
    static let projectionBytesPerRecord = 512
    /// The estimated bytes of one row in related rows by key.
    static let relatedBytesPerRecord = 64
    private let projections = RevisionCache<String, Projection>(capacity: 64, byteLimit: 1 << 30) { key, projection in
        key.utf8.count + projection.records.count * FileMakerCaches.projectionBytesPerRecord
    }
    private let related = RevisionCache<String, Related>(capacity: 256, byteLimit: 256 << 20) { key, related in
        key.utf8.count + related.count * FileMakerCaches.relatedBytesPerRecord
    }

    /// The projection of `resource`'s records for `layout`, built again only after a write.
    func projection(of resource: String, for layout: FileMakerLayout, store: RecordStore) -> Projection? {
        guard let live = try? store.liveRecords(of: resource) else { return nil }
        let key = resource + "\u{0}" + layout.name
        if let cached = projections.value(for: key, revisions: [live.revision]) { return cached }
        var kinds: [String: FieldKind] = [:]
        for field in layout.fields where !field.global {
            kinds[field.name] =
                field.repetitions > 1 ? .list(of: FileMakerFinder.kind(field)) : FileMakerFinder.kind(field)
        }
        let schema = QuerySchema([ResourceSchema("records", idField: "recordId", fields: kinds)])
        let projected = live.records.map { FileMakerFinder.project($0, layout: layout) }
        var words: [String: WordIndex] = [:]
        for field in layout.fields where !field.global && (field.result == .text || field.result == .container) {
            words[field.name] = WordIndex(projected, field: field.name)
        }
        var sortRanks: [String: [Int32]] = [:]
        for field in layout.fields where !field.global {
            sortRanks[field.name] = FileMakerSort.ranks(projected.map { FileMakerSort.SortValue(projected: $0[field.name]) })
        }
        let projection = Projection(
            revision: live.revision, records: live.records, projected: projected,
            source: InMemoryDataSource(schema: schema, records: ["records": projected]), schema: schema,
            words: words, sortRanks: sortRanks)
        projections.keep(projection, for: key, revisions: [live.revision])
        return projection
    }

    /// The rows of `resource` by the text of their `key` field, built again only after a write.
    func rows(of resource: String, by key: String, store: RecordStore) -> [String: [JSONObject]] {
        guard let live = try? store.liveRecords(of: resource) else { return [:] }
        let name = resource + "\u{0}" + key
        if let cached = related.value(for: name, revisions: [live.revision]) { return cached.rows }
        var rows: [String: [JSONObject]] = [:]
        for row in live.records {
            let value = FileMakerRecordPresenter.text(row[key])
            if !value.isEmpty { rows[value, default: []].append(row) }
        }
        related.keep(Related(rows: rows, count: live.records.count), for: name, revisions: [live.revision])
        return rows
    }
}
