public import TreatyJSON

/// Where a ``CompiledQuery`` reads records from; the record store conforms, and
/// ``InMemoryDataSource`` serves tests.
///
/// Conformers must guarantee:
/// - ``records(of:)`` returns the live records of a resource in insertion order, and the same
///   array for the same ``version(of:)``: a resource's version changes whenever one of its records
///   is inserted, changed or removed (indexes in ``indexCache`` are rebuilt when it does).
/// - Nothing changes while one query evaluates (evaluate under the store's lock, or on a
///   snapshot).
/// - ``record(withID:of:)`` finds the record whose id key holds `id` (string and integer ids
///   compare as JSON values).
/// - ``relatedRecords(of:through:)``, if overridden, returns what the default returns: for a
///   forward hop the records named by the relation field in stored order, for a backlink the
///   records whose relation field names the record in insertion order, for a collection every
///   record.
public protocol QueryDataSource {
    /// A number that changes whenever a record of `resource` changes.
    ///
    /// - Parameter resource: The resource name.
    /// - Returns: The resource's current version.
    func version(of resource: String) -> UInt64

    /// The live records of `resource`, in insertion order; empty for an unknown resource.
    ///
    /// - Parameter resource: The resource name.
    /// - Returns: The records.
    func records(of resource: String) -> [JSONObject]

    /// The record of `resource` whose id is `id`.
    ///
    /// - Parameters:
    ///   - id: The id, a string or a number.
    ///   - resource: The resource name.
    /// - Returns: The record, or `nil` when there is none.
    func record(withID id: JSONValue, of resource: String) -> JSONObject?

    /// The records related to `record` through one hop of a ``Link`` or a relation path.
    ///
    /// The default implementation reads the relation field (forward), looks the record's id up in
    /// an index of the relation field kept in ``indexCache`` (backlink), or returns every record
    /// (collection).
    ///
    /// - Parameters:
    ///   - record: The record the hop starts from.
    ///   - step: The hop, resolved against the schema.
    /// - Returns: The related records.
    func relatedRecords(of record: JSONObject, through step: RelationStep) -> [JSONObject]

    /// Indexes kept between evaluations; `nil` (the default) makes every query scan.
    var indexCache: QueryIndexCache? { get }
}

extension QueryDataSource {
    public var indexCache: QueryIndexCache? { nil }

    public func relatedRecords(of record: JSONObject, through step: RelationStep) -> [JSONObject] {
        switch step.direction {
        case .collection:
            return records(of: step.target)
        case .forward(let many):
            let value = record[step.field] ?? .null
            let ids: [JSONValue] = many ? (value.arrayValue ?? (value.isNull ? [] : [value])) : [value]
            return ids.compactMap { id in
                let key = id.objectValue?[step.targetIDField] ?? id
                return key.isNull ? nil : self.record(withID: key, of: step.target)
            }
        case .backlink(let many):
            guard let id = record[step.sourceIDField],
                let key = Scalar.stored(id, as: .reference(integerIDs: false, idField: step.sourceIDField))
            else { return [] }
            let spec = IndexSpec(
                resource: step.target, field: step.field,
                kind: .reference(integerIDs: false, idField: step.sourceIDField), multi: many)
            let candidates = records(of: step.target)
            if let cache = indexCache {
                let index = cache.index(spec, version: version(of: step.target), records: candidates)
                return index.positions(equalTo: key).map { candidates[$0] }
            }
            return candidates.filter { SortedIndex.keys(of: $0, spec).contains { Scalar.compare($0, key) == 0 } }
        }
    }
}
