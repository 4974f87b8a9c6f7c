public import TreatyJSON

extension CompiledQuery {
    /// The matching records, ordered, with the query's (or the given) offset and limit.
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - offset: How many matching records to skip; the query's offset when `nil`.
    ///   - limit: How many records to return at most, 0 for all; the query's limit when `nil`.
    ///   - environment: The clock and request context; the system clock by default.
    /// - Returns: The records.
    /// - Throws: ``QueryError`` for an unset parameter, a negative offset or limit, or an
    ///   operator that is not evaluated.
    public func find(
        in source: some QueryDataSource, offset: Int? = nil, limit: Int? = nil,
        environment: QueryEnvironment = .current
    ) throws(QueryError) -> [JSONObject] {
        let records = source.records(of: resource.name)
        return try page(try orderedPositions(in: source, records: records, environment: environment), offset, limit)
            .map { records[$0] }
    }

    /// The ids of the records ``find(in:offset:limit:environment:)`` returns, in the same order.
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - offset: How many matching records to skip; the query's offset when `nil`.
    ///   - limit: How many ids to return at most, 0 for all; the query's limit when `nil`.
    ///   - environment: The clock and request context.
    /// - Returns: The ids.
    /// - Throws: ``QueryError`` as ``find(in:offset:limit:environment:)`` does.
    public func findIDs(
        in source: some QueryDataSource, offset: Int? = nil, limit: Int? = nil,
        environment: QueryEnvironment = .current
    ) throws(QueryError) -> [JSONValue] {
        try find(in: source, offset: offset, limit: limit, environment: environment).map {
            $0[resource.idField] ?? .null
        }
    }

    /// The first record in order, after the query's offset.
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The record, or `nil` when none matches.
    /// - Throws: ``QueryError`` as ``find(in:offset:limit:environment:)`` does.
    public func findFirst(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> JSONObject?
    {
        try find(in: source, limit: 1, environment: environment).first
    }

    /// The only matching record (offset and limit are ignored).
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The record, or `nil` when none matches.
    /// - Throws: ``QueryError/Kind/nonUnique`` when several records match.
    public func findUnique(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> JSONObject?
    {
        let records = source.records(of: resource.name)
        let positions = try matchingPositions(in: source, records: records, environment: environment)
        guard positions.count <= 1 else {
            throw QueryError(.nonUnique, "\(positions.count) '\(resource.name)' records match; expected at most one")
        }
        return positions.first.map { records[$0] }
    }

    /// How many records match (offset and limit are ignored).
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: The number of matching records.
    /// - Throws: ``QueryError`` as ``find(in:offset:limit:environment:)`` does.
    public func count(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> Int
    {
        try matchingPositions(in: source, records: source.records(of: resource.name), environment: environment).count
    }

    /// The positions of the matching records in `source`'s records of the resource, in insertion
    /// order — what ``count(in:environment:)`` counts, with no ordering or paging applied, for
    /// engines that combine several queries' matches themselves (a sequence of find requests).
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - environment: The clock and request context.
    /// - Returns: Ascending positions.
    /// - Throws: ``QueryError`` as ``find(in:offset:limit:environment:)`` does.
    public func matchingPositions(in source: some QueryDataSource, environment: QueryEnvironment = .current)
        throws(QueryError) -> [Int]
    {
        try matchingPositions(in: source, records: source.records(of: resource.name), environment: environment)
    }

    /// Removes every matching record through `remover` (offset and limit are ignored), so the
    /// store decides how a removal happens (tombstones, cascades).
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - remover: What removes them.
    ///   - environment: The clock and request context.
    /// - Returns: How many records the remover removed.
    /// - Throws: ``QueryError`` from evaluation, or what `remover` throws.
    public func remove(
        in source: some QueryDataSource, using remover: some QueryRecordRemover,
        environment: QueryEnvironment = .current
    ) throws -> Int {
        let records = source.records(of: resource.name)
        let ids = try matchingPositions(in: source, records: records, environment: environment).compactMap {
            records[$0][resource.idField]
        }
        guard !ids.isEmpty else { return 0 }
        return try remover.removeRecords(withIDs: ids, of: resource.name)
    }

    /// Positions of the matching records, ascending (insertion order).
    func matchingPositions<Source: QueryDataSource>(
        in source: Source, records: [JSONObject], environment: QueryEnvironment, useIndexes: Bool = true
    ) throws(QueryError) -> [Int] {
        guard let root else { return Array(records.indices) }
        var candidates = Array(records.indices)
        if useIndexes, let cache = source.indexCache,
            let planned = QueryPlanner(conditions: conditions).candidates(
                for: root, resource: resource.name, records: records, version: source.version(of: resource.name),
                cache: cache)
        {
            if planned.exact { return planned.positions }
            candidates = planned.positions
        }
        let evaluator = Evaluator(
            conditions: conditions, joins: joins, plan: joinPlan, source: source, environment: environment)
        var matches: [Int] = []
        for position in candidates where try evaluator.matches(root, records[position]) {
            matches.append(position)
        }
        return matches
    }

    /// Positions of the matching records, in the query's order.
    func orderedPositions<Source: QueryDataSource>(
        in source: Source, records: [JSONObject], environment: QueryEnvironment
    ) throws(QueryError) -> [Int] {
        let positions = try matchingPositions(in: source, records: records, environment: environment)
        let ordering = ordering(in: source, environment: environment)
        return try ordering.sorted(positions, of: records)
    }

    private func page(_ positions: [Int], _ offset: Int?, _ limit: Int?) throws(QueryError) -> ArraySlice<Int> {
        let offset = offset ?? original.offset
        let limit = limit ?? original.limit
        guard offset >= 0, limit >= 0 else {
            throw QueryError(.invalidPage, "offset and limit must not be negative (\(offset), \(limit))")
        }
        let start = min(offset, positions.count)
        let end = limit == 0 ? positions.count : min(positions.count, start + limit)
        return positions[start..<end]
    }
}

extension CompiledQuery {
    /// Whether `record` (a record of the query's resource) matches the query's condition;
    /// offset, limit and order are ignored. Links are followed through `source`.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - source: Where related records come from.
    ///   - environment: The clock and request context.
    /// - Returns: Whether the record matches.
    /// - Throws: ``QueryError`` as ``find(in:offset:limit:environment:)`` does.
    public func matches(
        _ record: JSONObject, in source: some QueryDataSource, environment: QueryEnvironment = .current
    ) throws(QueryError) -> Bool {
        guard let root else { return true }
        return try Evaluator(
            conditions: conditions, joins: joins, plan: joinPlan, source: source, environment: environment
        ).matches(root, record)
    }

    /// One page of the matching records in order, and how many match in all: what
    /// ``find(in:offset:limit:environment:)`` returns for `offset` and `limit` (0 for all), with
    /// the count ``count(in:environment:)`` returns. Only the records up to the page's end are
    /// put in order (a partial sort, with the same tie-breaks as the full sort).
    ///
    /// - Parameters:
    ///   - source: Where the records come from.
    ///   - offset: How many matching records to skip.
    ///   - limit: How many records to return at most, 0 for all.
    ///   - environment: The clock and request context.
    /// - Returns: The page and the number of matching records.
    /// - Throws: ``QueryError`` as ``find(in:offset:limit:environment:)`` does.
    public func findPage(
        in source: some QueryDataSource, offset: Int, limit: Int, environment: QueryEnvironment = .current
    ) throws(QueryError) -> (records: [JSONObject], total: Int) {
        guard offset >= 0, limit >= 0 else {
            throw QueryError(.invalidPage, "offset and limit must not be negative (\(offset), \(limit))")
        }
        let records = source.records(of: resource.name)
        let positions = try matchingPositions(in: source, records: records, environment: environment)
        let ordering = ordering(in: source, environment: environment)
        let (end, overflow) = offset.addingReportingOverflow(limit)
        let prefix = limit == 0 || overflow ? nil : end
        let ordered: [Int]
        if let prefix, let cache = source.indexCache,
            let walked = try ordering.indexedPrefix(
                positions, of: records, prefix: prefix, resource: resource.name,
                version: source.version(of: resource.name), cache: cache)
        {
            ordered = walked
        } else {
            ordered = try ordering.sorted(positions, of: records, prefix: prefix)
        }
        let start = min(offset, ordered.count)
        let stop = limit == 0 ? ordered.count : min(ordered.count, start + limit)
        return (ordered[start..<stop].map { records[$0] }, positions.count)
    }
}

extension CompiledQuery {
    /// The ordering of the query's keys; keys read through a join read the record chosen by the
    /// first choice that satisfies the expression.
    func ordering<Source: QueryDataSource>(in source: Source, environment: QueryEnvironment) -> RecordOrdering<Source> {
        var ordering = RecordOrdering(keys: order, idField: resource.idField, source: source, environment: environment)
        if let root, order.contains(where: { $0.join != nil }) {
            let evaluator = Evaluator(
                conditions: conditions, joins: joins, plan: joinPlan, source: source, environment: environment)
            ordering.firstChoice = { record throws(QueryError) in try evaluator.firstChoice(root, record) }
        }
        return ordering
    }
}
