import TreatyJSON

/// Narrows a query's records with indexes: every condition of the top-level conjunction that
/// an index can answer is looked up, and the lookups are intersected. An index lookup is exact —
/// it finds precisely the records whose value passes the condition — so when every condition of
/// the conjunction was looked up, the candidates are the matches; otherwise the full expression
/// still runs on every candidate, and an index only ever removes records that cannot match.
struct QueryPlanner {
    let conditions: [CompiledCondition]

    /// The records that can match, by position.
    struct Candidates {
        /// Positions, ascending.
        let positions: [Int]
        /// Whether every candidate matches (no expression needs to run).
        let exact: Bool
    }

    /// The candidates for `root`, or `nil` when no index applies.
    func candidates(
        for root: CompiledNode?, resource: String, records: [JSONObject], version: UInt64, cache: QueryIndexCache
    ) -> Candidates? {
        guard let root else { return nil }
        var conjuncts: [Int] = []
        let onlyConditions = collect(root, into: &conjuncts)
        var narrowed: PositionSet?
        var looked = 0
        for index in conjuncts {
            guard let (spec, lookup) = plan(conditions[index], resource: resource) else { continue }
            let found = lookup(cache.index(spec, version: version, records: records))
            looked += 1
            if narrowed == nil {
                narrowed = found
            } else {
                narrowed?.formIntersection(found)
            }
            if narrowed?.count == 0 { return Candidates(positions: [], exact: true) }
        }
        guard let narrowed else { return nil }
        return Candidates(positions: narrowed.sorted, exact: onlyConditions && looked == conjuncts.count)
    }

    /// Collects the conditions of the top-level conjunction; returns whether it holds nothing else.
    private func collect(_ node: CompiledNode, into conjuncts: inout [Int]) -> Bool {
        switch node {
        case .cond(let index):
            // A joined condition tests one element chosen with the others: no index answers it.
            guard conditions[index].join == nil else { return false }
            conjuncts.append(index)
            return true
        case .all(let nodes):
            var onlyConditions = true
            for node in nodes where !collect(node, into: &conjuncts) { onlyConditions = false }
            return onlyConditions
        default:
            return false
        }
    }

    /// The index a condition can use and how to look it up, or `nil` when it cannot use one.
    func plan(_ condition: CompiledCondition, resource: String) -> (IndexSpec, (SortedIndex) -> PositionSet)? {
        let source = condition.source
        guard condition.resource == resource, case .field(let name, _, nil) = condition.access,
            !source.nullMatches, nullsCannotMatch(condition)
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
            return (spec, { PositionSet(capacity: $0.recordCount) })
        case (.eq, .one(let value?)):
            return (spec, { $0.positionSet(equalTo: value) })
        case (.eq, .range(let low, let high)), (.between, .range(let low, let high)):
            return (spec, { $0.positionSet(from: (low, true), to: (high, true)) })
        case (.lt, .one(let value?)): return (spec, { $0.positionSet(from: nil, to: (value, false)) })
        case (.le, .one(let value?)): return (spec, { $0.positionSet(from: nil, to: (value, true)) })
        case (.gt, .one(let value?)): return (spec, { $0.positionSet(from: (value, false), to: nil) })
        case (.ge, .one(let value?)): return (spec, { $0.positionSet(from: (value, true), to: nil) })
        case (.in, .set(let values)):
            return (spec, { index in
                var union = PositionSet(capacity: index.recordCount)
                for value in values { union.formUnion(index.positionSet(equalTo: value)) }
                return union
            })
        default:
            return nil
        }
    }

    /// Whether a record without a value (which no index holds) can never pass `condition`.
    /// With ``Condition/emptyEqualsNull`` a missing text reads as `""`, the smallest text, so
    /// only lookups that exclude `""` qualify.
    private func nullsCannotMatch(_ condition: CompiledCondition) -> Bool {
        guard condition.source.emptyEqualsNull, let empty = condition.kind.emptyText else { return true }
        let above: (Scalar) -> Bool = { (Scalar.compare($0, empty) ?? 0) > 0 }
        switch (condition.source.op, condition.operand) {
        case (.gt, .one(_?)): return true
        case (.eq, .one(let value?)), (.ge, .one(let value?)): return above(value)
        case (.eq, .range(let low, _)), (.between, .range(let low, _)): return above(low)
        case (.in, .set(let values)): return values.allSatisfy(above)
        default: return false
        }
    }
}
