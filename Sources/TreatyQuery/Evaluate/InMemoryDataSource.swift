import Synchronization
public import TreatyJSON

/// Records held in memory, for tests and small tools; safe to share between threads.
///
/// Every change bumps the resource's version, so indexes in ``indexCache`` are rebuilt.
///
/// ```swift
/// let data = InMemoryDataSource(schema: schema, records: ["posts": [["id": "p1", "views": 10]]])
/// let popular = try Query("posts", where: Field("views") > 5).compiled(with: schema).find(in: data)
/// ```
public final class InMemoryDataSource: QueryDataSource, QueryRecordRemover, Sendable {
    private struct Table {
        var records: [JSONObject] = []
        var version: UInt64 = 0
        /// Each id's position in `records`, rebuilt lazily after a change.
        var positions: [Scalar: Int]?
    }

    private let idFields: [String: String]
    private let tables: Mutex<[String: Table]>

    /// Indexes kept between evaluations, or `nil` when the source was made without them.
    public let indexCache: QueryIndexCache?

    /// Creates a data source.
    ///
    /// - Parameters:
    ///   - schema: The resources; their id fields locate records by id.
    ///   - records: The records of each resource, in insertion order.
    ///   - indexed: Whether queries may use indexes (`false` makes every query scan).
    public init(schema: QuerySchema, records: [String: [JSONObject]] = [:], indexed: Bool = true) {
        idFields = schema.resources.mapValues(\.idField)
        tables = Mutex(records.mapValues { Table(records: $0) })
        indexCache = indexed ? QueryIndexCache() : nil
    }

    public func version(of resource: String) -> UInt64 {
        tables.withLock { $0[resource]?.version ?? 0 }
    }

    public func records(of resource: String) -> [JSONObject] {
        tables.withLock { $0[resource]?.records ?? [] }
    }

    public func record(withID id: JSONValue, of resource: String) -> JSONObject? {
        let idField = idFields[resource] ?? "id"
        guard let key = Self.key(id, idField) else { return nil }
        return tables.withLock { tables -> JSONObject? in
            guard var table = tables[resource] else { return nil }
            let positions: [Scalar: Int]
            if let existing = table.positions {
                positions = existing
            } else {
                var built: [Scalar: Int] = [:]
                for (position, record) in table.records.enumerated() {
                    if let key = record[idField].flatMap({ Self.key($0, idField) }), built[key] == nil {
                        built[key] = position
                    }
                }
                positions = built
                table.positions = built
                tables[resource] = table
            }
            return positions[key].map { table.records[$0] }
        }
    }

    /// Appends a record.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - resource: The resource name.
    public func insert(_ record: JSONObject, into resource: String) {
        tables.withLock { tables in
            var table = tables[resource] ?? Table()
            table.records.append(record)
            table.version += 1
            table.positions = nil
            tables[resource] = table
        }
    }

    /// Replaces every record of a resource.
    ///
    /// - Parameters:
    ///   - records: The new records, in insertion order.
    ///   - resource: The resource name.
    public func replaceAll(_ records: [JSONObject], of resource: String) {
        tables.withLock { tables in
            let version = (tables[resource]?.version ?? 0) + 1
            tables[resource] = Table(records: records, version: version)
        }
    }

    public func removeRecords(withIDs ids: [JSONValue], of resource: String) -> Int {
        let idField = idFields[resource] ?? "id"
        let keys = Set(ids.compactMap { Self.key($0, idField) })
        return tables.withLock { tables in
            guard var table = tables[resource] else { return 0 }
            let before = table.records.count
            table.records.removeAll { record in
                record[idField].flatMap { Self.key($0, idField) }.map(keys.contains) ?? false
            }
            let removed = before - table.records.count
            if removed > 0 {
                table.version += 1
                table.positions = nil
            }
            tables[resource] = table
            return removed
        }
    }

    private static func key(_ id: JSONValue, _ idField: String) -> Scalar? {
        Scalar.stored(id, as: .reference(integerIDs: false, idField: idField))
    }
}
