import Synchronization
import TreatyDialect
import TreatyJSON
import TreatyQuery

/// The store's records as a query data source, read lazily: a collection's records are fetched
/// the first time a query touches them (then kept for the rest of the request), so a request
/// that tests one record never reads a whole collection. Fetching costs no copy — the store
/// keeps each collection's live records until the next write — and the store's revision is the
/// source's version, so indexes in the dialect's long-lived ``indexCache`` are reused by every
/// request until the collection changes.
///
/// `replacing` stands in for one record (a create or update not yet written); such a source
/// has no index cache, since its records are no revision the store ever had.
final class PocketBaseStoreSource: QueryDataSource, Sendable {
    private let store: RecordStore
    private let names: Set<String>
    private let replacing: (collection: String, record: JSONObject)?
    private let sharedIndexes: QueryIndexCache
    /// Each touched collection's records and their revision.
    private let tables: Mutex<[String: LiveRecords]>

    init(
        store: RecordStore, collections: [String], indexes: QueryIndexCache,
        replacing: (collection: String, record: JSONObject)?
    ) {
        self.store = store
        names = Set(collections)
        self.replacing = replacing
        sharedIndexes = indexes
        tables = Mutex([:])
    }

    var indexCache: QueryIndexCache? { replacing == nil ? sharedIndexes : nil }

    func version(of resource: String) -> UInt64 {
        table(resource)?.revision ?? 0
    }

    func records(of resource: String) -> [JSONObject] {
        table(resource)?.records ?? []
    }

    func record(withID id: JSONValue, of resource: String) -> JSONObject? {
        guard names.contains(resource) else { return nil }
        if let replacing, replacing.collection == resource, replacing.record["id"] == id {
            return replacing.record
        }
        if case .string(let text) = id, !text.isEmpty {
            // Ids are unique: the store's own lookup finds what a scan would.
            guard let record = try? store.get(resource, id: text), record["id"] == id else { return nil }
            return record
        }
        return records(of: resource).first { $0["id"] == id }
    }

    private func table(_ resource: String) -> LiveRecords? {
        guard names.contains(resource) else { return nil }
        if let cached = tables.withLock({ $0[resource] }) { return cached }
        guard let live = try? store.liveRecords(of: resource) else { return nil }
        var made = live
        if let replacing, replacing.collection == resource {
            var rows = live.records
            if let index = rows.firstIndex(where: { $0["id"] == replacing.record["id"] }) {
                rows[index] = replacing.record
            } else {
                rows.append(replacing.record)
            }
            made = LiveRecords(revision: 0, records: rows)
        }
        return tables.withLock { tables in
            if let existing = tables[resource] { return existing }
            tables[resource] = made
            return made
        }
    }
}
