import TreatyJSON

/// Chooses, for a query's top-level conjunction, the indexed condition that narrows the
/// records most; the full expression still runs on every candidate.
struct QueryPlanner {
    let conditions: [CompiledCondition]

    /// Positions (ascending) of the records that can match, or `nil` when no index applies.
    func candidates(
        for root: CompiledNode?, resource: String, records: [JSONObject], version: UInt64, cache: QueryIndexCache
    ) -> [Int]? {
        guard let root else { return nil }
        var best: [Int]?
        for index in conjuncts(root) {
            guard let (spec, lookup) = plan(conditions[index], resource: resource) else { continue }
            let positions = lookup(cache.index(spec, version: version, records: records))
            if positions.count < best?.count ?? .max { best = positions }
            if best?.isEmpty == true { break }
        }
        return best
    }

    private func conjuncts(_ node: CompiledNode) -> [Int] {
        switch node {
        case .cond(let index): [index]
        case .all(let nodes): nodes.flatMap(conjuncts)
        default: []
        }
    }

    /// The index a condition can use and how to look it up, or `nil` when it cannot use one.
    func plan(_ condition: CompiledCondition, resource: String) -> (IndexSpec, (SortedIndex) -> [Int])? {
        let source = condition.source
        guard condition.resource == resource, case .field(let name, _, nil) = condition.access,
            !source.nullMatches, !source.emptyEqualsNull
        else { return nil }
        switch condition.kind {
        case .integer, .float, .date, .reference: break
        case .text: guard source.caseSensitive else { return nil }
        default: return nil
        }
        if condition.shape == .elements {
            guard source.quantifier == .any, source.emptyMatches == .never, [.eq, .in].contains(source.op) else {
                return nil
            }
        }
        let spec = IndexSpec(
            resource: resource, field: name, kind: condition.kind, multi: condition.shape == .elements)
        switch (source.op, condition.operand) {
        case (_, .nothing), (_, .one(nil)):
            return (spec, { _ in [] })
        case (.eq, .one(let value?)):
            return (spec, { $0.positions(equalTo: value) })
        case (.eq, .range(let low, let high)), (.between, .range(let low, let high)):
            return (spec, { $0.positions(from: (low, true), to: (high, true)) })
        case (.lt, .one(let value?)): return (spec, { $0.positions(from: nil, to: (value, false)) })
        case (.le, .one(let value?)): return (spec, { $0.positions(from: nil, to: (value, true)) })
        case (.gt, .one(let value?)): return (spec, { $0.positions(from: (value, false), to: nil) })
        case (.ge, .one(let value?)): return (spec, { $0.positions(from: (value, true), to: nil) })
        case (.in, .set(let values)):
            return (spec, { index in Array(Set(values.flatMap { index.positions(equalTo: $0) })).sorted() })
        default:
            return nil
        }
    }
}
