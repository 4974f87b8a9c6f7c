public import TreatyJSON

extension PropertyQuery {
    /// The smallest non-null value (strings in byte order, dates as epoch milliseconds).
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The value, or `nil` when no record has one.
    /// - Throws: ``QueryError`` from evaluation.
    public func min(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> JSONValue?
    {
        try extreme(in: source, environment: environment) { $0 < 0 }
    }

    /// The largest non-null value (strings in byte order, dates as epoch milliseconds).
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The value, or `nil` when no record has one.
    /// - Throws: ``QueryError`` from evaluation.
    public func max(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> JSONValue?
    {
        try extreme(in: source, environment: environment) { $0 > 0 }
    }

    /// The sum of the non-null values: exact for integers and dates, `Double` for floats; 0 when
    /// there are none.
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The sum.
    /// - Throws: ``QueryError/Kind/overflow`` when an integer sum leaves 64 bits,
    ///   ``QueryError/Kind/unsupportedOperator`` for a non-numeric field.
    public func sum(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> JSONNumber
    {
        let (integer, float, isFloat, _) = try totals(in: source, environment: environment)
        if isFloat { return JSONNumber(float) }
        guard let exact = Int64(exactly: integer) else {
            throw QueryError(.overflow, "the sum of '\(path)' does not fit in 64 bits")
        }
        return JSONNumber(exact)
    }

    /// The mean of the non-null values.
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The mean, or `nil` when no record has a value.
    /// - Throws: ``QueryError/Kind/unsupportedOperator`` for a non-numeric field.
    public func average(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> Double?
    {
        let (integer, float, isFloat, count) = try totals(in: source, environment: environment)
        guard count > 0 else { return nil }
        return (isFloat ? float : Double(integer)) / Double(count)
    }

    /// The mean of the non-null values as an integer, truncated toward zero.
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The mean, or `nil` when no record has a value.
    /// - Throws: ``QueryError/Kind/unsupportedOperator`` for a non-numeric field.
    public func averageInt(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> Int64?
    {
        let (integer, float, isFloat, count) = try totals(in: source, environment: environment)
        guard count > 0 else { return nil }
        if isFloat { return Int64(exactly: (float / Double(count)).rounded(.towardZero)) }
        return Int64(exactly: integer / Int128(count))
    }

    /// How many matching records have a non-null value (distinct values when ``distinct(_:caseSensitive:)``
    /// is on).
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The count.
    /// - Throws: ``QueryError`` from evaluation.
    public func count(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> Int
    {
        let scalars = try items(in: source, environment: environment).compactMap(\.scalar)
        return isDistinct ? Set(scalars.map(distinctKey)).count : scalars.count
    }

    /// The values of the matching records, unordered (insertion order), nulls skipped unless a
    /// ``withNullValue(_:)`` stand-in is set; collapsed when ``isDistinct``.
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The values as stored (dates as epoch milliseconds).
    /// - Throws: ``QueryError`` from evaluation.
    public func values(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> [JSONValue]
    {
        var seen = Set<Scalar>()
        var sawNull = false
        var values: [JSONValue] = []
        for item in try items(in: source, environment: environment) {
            guard let scalar = item.scalar, let json = item.json else {
                guard let nullValue, !(isDistinct && sawNull) else { continue }
                sawNull = true
                values.append(nullValue)
                continue
            }
            if isDistinct, !seen.insert(distinctKey(scalar)).inserted { continue }
            values.append(json)
        }
        return values
    }

    /// The single value of the matching records.
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The value, or `nil` when there is none.
    /// - Throws: ``QueryError/Kind/nonUnique`` when there are several (equal values count once
    ///   only when ``isDistinct``).
    public func uniqueValue(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> JSONValue?
    {
        let values = try values(in: source, environment: environment)
        guard values.count <= 1 else {
            throw QueryError(.nonUnique, "'\(path)' has \(values.count) values; expected at most one")
        }
        return values.first
    }

    private func extreme(
        in source: some QueryDataSource, environment: QueryEnvironment, _ better: (Int) -> Bool
    ) throws(QueryError) -> JSONValue? {
        var best: Item?
        for item in try items(in: source, environment: environment) {
            guard let scalar = item.scalar else { continue }
            if let current = best?.scalar, let order = Scalar.compare(scalar, current), !better(order) { continue }
            best = item
        }
        return best?.json
    }

    private func totals(in source: some QueryDataSource, environment: QueryEnvironment) throws(QueryError)
        -> (integer: Int128, float: Double, isFloat: Bool, count: Int)
    {
        guard [.integer, .float, .date].contains(kind) else {
            throw QueryError(.unsupportedOperator, "cannot sum or average \(kind) field '\(path)'")
        }
        var integer: Int128 = 0
        var float = 0.0
        var isFloat = kind == .float
        var count = 0
        for item in try items(in: source, environment: environment) {
            switch item.scalar {
            case .integer(let value)?, .date(let value)?:
                integer += Int128(value)
                float += Double(value)
            case .float(let value)?:
                isFloat = true
                float += value
            default: continue
            }
            count += 1
        }
        return (integer, float, isFloat, count)
    }
}
