internal import Synchronization
internal import TreatyDialect
internal import TreatyJSON
internal import TreatyQuery

/// What the dialect derives from a table's records and keeps until the table changes (keyed by
/// the store's revision of it, which names one content for good): the records as the query
/// model reads them, with an indexed data source, for `_find`; and related rows by key, for
/// portals.
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
        /// Each field's values prepared for sorting, by record position.
        let sortValues: [String: [FileMakerSort.SortValue]]
    }

    /// The words of one field, sorted, each with its record's position.
    struct WordIndex: Sendable {
        let words: [String]
        let positions: [Int]
        let recordCount: Int

        init(_ projected: [JSONObject], field: String) {
            recordCount = projected.count
            var pairs: [(String, Int)] = []
            for (position, record) in projected.enumerated() {
                for value in record[field]?.arrayValue ?? [record[field] ?? .null] {
                    guard case .string(let text) = value else { continue }
                    for word in text.split(separator: " ") { pairs.append((String(word), position)) }
                }
            }
            pairs.sort { $0.0 < $1.0 }
            words = pairs.map(\.0)
            positions = pairs.map(\.1)
        }

        /// A mask over the records (by position) of those with a word that starts with `prefix`
        /// and, when given, are set in `within`.
        func positions(startingWith prefix: String, within: [Bool]?) -> [Bool] {
            var low = 0
            var high = words.count
            while low < high {
                let middle = (low + high) / 2
                if words[middle] < prefix { low = middle + 1 } else { high = middle }
            }
            var found = [Bool](repeating: false, count: recordCount)
            while low < words.count, words[low].hasPrefix(prefix) {
                let position = positions[low]
                if within?[position] ?? true { found[position] = true }
                low += 1
            }
            return found
        }
    }

    /// A related table's rows grouped by the value of one key field.
    struct Related: Sendable {
        let revision: UInt64
        let rows: [String: [JSONObject]]
    }

    /// Records rendered for answers (see ``FileMakerRenderedRecords``).
    let rendered = FileMakerRenderedRecords()
    private let projections = Mutex<[String: Projection]>([:])
    private let related = Mutex<[String: Related]>([:])

    /// The projection of `resource`'s records for `layout`, built again only after a write.
    func projection(of resource: String, for layout: FileMakerLayout, store: RecordStore) -> Projection? {
        guard let live = try? store.liveRecords(of: resource) else { return nil }
        let key = resource + "\u{0}" + layout.name
        if let cached = projections.withLock({ $0[key] }), cached.revision == live.revision { return cached }
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
        var sortValues: [String: [FileMakerSort.SortValue]] = [:]
        for field in layout.fields where !field.global {
            sortValues[field.name] = projected.map { FileMakerSort.SortValue(projected: $0[field.name]) }
        }
        let projection = Projection(
            revision: live.revision, records: live.records, projected: projected,
            source: InMemoryDataSource(schema: schema, records: ["records": projected]), schema: schema,
            words: words, sortValues: sortValues)
        projections.withLock { $0[key] = projection }
        return projection
    }

    /// The rows of `resource` by the text of their `key` field, built again only after a write.
    func rows(of resource: String, by key: String, store: RecordStore) -> [String: [JSONObject]] {
        guard let live = try? store.liveRecords(of: resource) else { return [:] }
        let name = resource + "\u{0}" + key
        if let cached = related.withLock({ $0[name] }), cached.revision == live.revision { return cached.rows }
        var rows: [String: [JSONObject]] = [:]
        for row in live.records {
            let value = FileMakerRecordPresenter.text(row[key])
            if !value.isEmpty { rows[value, default: []].append(row) }
        }
        related.withLock { $0[name] = Related(revision: live.revision, rows: rows) }
        return rows
    }
}
