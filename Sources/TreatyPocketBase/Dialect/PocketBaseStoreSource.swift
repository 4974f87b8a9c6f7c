import Synchronization
import TreatyDialect
import TreatyJSON
import TreatyQuery

/// The store's records as a query data source, read lazily: a collection's records are listed
/// the first time a query touches them (then kept for the rest of the request), so a request
/// that tests one record never copies a whole collection. `replacing` stands in for one record
/// (a create or update not yet written).
final class PocketBaseStoreSource: QueryDataSource, Sendable {
    private let store: RecordStore
    private let schema: QuerySchema
    private let names: Set<String>
    private let replacing: (collection: String, record: JSONObject)?
    /// Each touched collection's records, as an in-memory source over just that collection.
    private let tables: Mutex<[String: InMemoryDataSource]>

    init(
        store: RecordStore, schema: QuerySchema, collections: [String],
        replacing: (collection: String, record: JSONObject)?
    ) {
        self.store = store
        self.schema = schema
        names = Set(collections)
        self.replacing = replacing
        tables = Mutex([:])
    }

    func version(of resource: String) -> UInt64 { 0 }

    func records(of resource: String) -> [JSONObject] {
        table(resource)?.records(of: resource) ?? []
    }

    func record(withID id: JSONValue, of resource: String) -> JSONObject? {
        guard names.contains(resource) else { return nil }
        if case .string(let text) = id, !text.isEmpty {
            // Fast path: the store's own lookup (ids are unique, so it finds what a scan would).
            if let replacing, replacing.collection == resource, replacing.record["id"] == id {
                return replacing.record
            }
            if tables.withLock({ $0[resource] }) == nil, let record = try? store.get(resource, id: text),
                record["id"] == id
            {
                return record
            }
        }
        return table(resource)?.record(withID: id, of: resource)
    }

    private func table(_ resource: String) -> InMemoryDataSource? {
        guard names.contains(resource) else { return nil }
        if let cached = tables.withLock({ $0[resource] }) { return cached }
        var rows = (try? store.list(resource).records) ?? []
        if let replacing, replacing.collection == resource {
            if let index = rows.firstIndex(where: { $0["id"] == replacing.record["id"] }) {
                rows[index] = replacing.record
            } else {
                rows.append(replacing.record)
            }
        }
        let made = InMemoryDataSource(schema: schema, records: [resource: rows], indexed: false)
        return tables.withLock { tables in
            if let existing = tables[resource] { return existing }
            tables[resource] = made
            return made
        }
    }
}
