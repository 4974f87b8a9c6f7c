public import TreatyJSON

/// Aggregates and values of one field over the records a query matches.
///
/// Ordering never applies (ObjectBox ignores it too). Dates aggregate as epoch milliseconds.
/// On an empty set ``count(in:environment:)`` and ``sum(in:environment:)`` are 0 and
/// ``min(in:environment:)``, ``max(in:environment:)`` and ``average(in:environment:)`` are `nil`.
///
/// ```swift
/// let views = try query.property("views")
/// let total = try views.sum(in: store)            // 1234
/// let authors = try query.property("author").distinct().count(in: store)
/// ```
public struct PropertyQuery: Sendable {
    let query: CompiledQuery
    let path: FieldPath
    let access: ValueAccess
    let kind: ScalarKind
    /// Whether ``values(in:environment:)``, ``count(in:environment:)`` and
    /// ``uniqueValue(in:environment:)`` collapse equal values.
    public private(set) var isDistinct = false
    /// Whether distinct strings that differ only in case stay apart.
    public private(set) var distinctCaseSensitive = true
    /// What ``values(in:environment:)`` returns for a null value (nulls are skipped when `nil`).
    public private(set) var nullValue: JSONValue?

    init(query: CompiledQuery, path: FieldPath) throws(QueryError) {
        self.query = query
        self.path = path
        let (access, kind, shape) = try Compiler(schema: query.schema).resolve(path, in: query.resource)
        guard shape == .scalar else {
            throw QueryError(.unsupported, "property queries read single-valued fields; '\(path)' holds several")
        }
        self.access = access
        self.kind = kind
    }

    /// A copy that collapses equal values.
    ///
    /// - Parameters:
    ///   - distinct: Whether equal values collapse.
    ///   - caseSensitive: Whether strings that differ only in (ASCII) case stay apart.
    /// - Returns: The modified property query.
    public func distinct(_ distinct: Bool = true, caseSensitive: Bool = true) -> PropertyQuery {
        var copy = self
        copy.isDistinct = distinct
        copy.distinctCaseSensitive = caseSensitive
        return copy
    }

    /// A copy whose ``values(in:environment:)`` put `value` where a record has null.
    ///
    /// - Parameter value: The stand-in, or `nil` to skip nulls.
    /// - Returns: The modified property query.
    public func withNullValue(_ value: JSONValue?) -> PropertyQuery {
        var copy = self
        copy.nullValue = value
        return copy
    }

    /// One matching record's value: its converted scalar and its stored JSON.
    struct Item {
        let scalar: Scalar?
        let json: JSONValue?
    }

    /// The values of the matching records, in insertion order.
    func items(in source: some QueryDataSource, environment: QueryEnvironment) throws(QueryError) -> [Item] {
        let records = source.records(of: query.resource.name)
        let reader = ValueReader(environment: environment)
        var items: [Item] = []
        for position in try query.matchingPositions(in: source, records: records, environment: environment) {
            let scalar = try reader.scalar(access, kind: kind, in: records[position])
            let stored: JSONValue?
            if case .field(_, _, nil) = access, kind != .date {
                stored = scalar == nil ? nil : reader.raw(access, in: records[position])
            } else {
                stored = scalar?.json
            }
            items.append(Item(scalar: scalar, json: stored))
        }
        return items
    }

    /// The key equal values share when collapsing.
    func distinctKey(_ scalar: Scalar) -> Scalar {
        if !distinctCaseSensitive, case .text(let text) = scalar { return .text(TextFold.asciiLowercased(text)) }
        if case .float(let value) = scalar, value == value.rounded(), let integer = Int64(exactly: value) {
            return .integer(integer)
        }
        return scalar
    }
}

extension CompiledQuery {
    /// A property query on `path` over this query's matches.
    ///
    /// - Parameter path: A field of the query's resource (a modifier such as `:length` is allowed).
    /// - Returns: The property query.
    /// - Throws: ``QueryError/Kind/unknownField``, or ``QueryError/Kind/unsupported`` for a list.
    public func property(_ path: FieldPath) throws(QueryError) -> PropertyQuery {
        try PropertyQuery(query: self, path: path)
    }
}
