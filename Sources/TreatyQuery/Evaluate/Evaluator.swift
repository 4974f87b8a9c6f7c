import TreatyJSON

/// Evaluates compiled expressions on records of one data source.
struct Evaluator<Source: QueryDataSource> {
    let conditions: [CompiledCondition]
    let joins: [CompiledJoin]
    /// The groups of the expression's joins; `nil` when it has none.
    let plan: JoinPlan?
    let source: Source
    let environment: QueryEnvironment

    /// Whether `record` passes `root`: with joins (see ``Link/join``), whether some choice of one
    /// related record (or list element) per join — an empty record or a null element where there
    /// is none — makes it pass.
    func matches(_ root: CompiledNode, _ record: JSONObject) throws(QueryError) -> Bool {
        guard plan != nil else { return try matches(root, record, base: record, chosen: []) }
        return try firstChoice(root, record) != nil
    }

    /// The first choice of related records (in their stored order) that makes `record` pass
    /// `root`, or `nil` when none does. Each group of the ``JoinPlan`` tries only its own joins.
    func firstChoice(_ root: CompiledNode, _ record: JSONObject) throws(QueryError) -> [JoinChoice]? {
        var chosen = [JoinChoice](repeating: .record(JSONObject()), count: joins.count)
        guard let plan else { return try matches(root, record, base: record, chosen: chosen) ? chosen : nil }
        for conjunct in plan.free where !(try matches(conjunct, record, base: record, chosen: chosen)) { return nil }
        for group in plan.groups {
            guard try choose(group.joins[...], &chosen, .all(group.conjuncts), record) else { return nil }
        }
        return chosen
    }

    /// Tries every choice for the first of `pending` and the joins after it.
    private func choose(
        _ pending: ArraySlice<Int>, _ chosen: inout [JoinChoice], _ node: CompiledNode, _ record: JSONObject
    ) throws(QueryError) -> Bool {
        guard let index = pending.first else { return try matches(node, record, base: record, chosen: chosen) }
        let join = joins[index]
        let from = join.parent.map { chosen[$0].record } ?? record
        let choices: [JoinChoice]
        switch join.source {
        case .relation(let step):
            let related = from.isEmpty ? [] : source.relatedRecords(of: from, through: step)
            choices = related.isEmpty ? [.record(JSONObject())] : related.map(JoinChoice.record)
        case .elements(let access, let kind):
            let reader = ValueReader(environment: environment)
            let elements = reader.elements(reader.raw(access, in: from), kind: kind)
            choices = elements.isEmpty ? [.element(nil)] : elements.map(JoinChoice.element)
        }
        for choice in choices {
            chosen[index] = choice
            if try choose(pending.dropFirst(), &chosen, node, record) { return true }
        }
        return false
    }

    private func matches(_ node: CompiledNode, _ record: JSONObject, base: JSONObject, chosen: [JoinChoice])
        throws(QueryError) -> Bool
    {
        switch node {
        case .all(let nodes):
            for node in nodes where !(try matches(node, record, base: base, chosen: chosen)) { return false }
            return true
        case .any(let nodes):
            for node in nodes where try matches(node, record, base: base, chosen: chosen) { return true }
            return false
        case .not(let node):
            return !(try matches(node, record, base: base, chosen: chosen))
        case .cond(let index):
            let condition = conditions[index]
            if let join = condition.join, case .element(let element) = chosen[join] {
                return condition.matches(element, try resolve(condition, on: record, base: base, chosen: chosen))
            }
            return try test(condition, on: record, base: base, chosen: chosen)
        case .link(let link):
            if let join = link.join {
                return try matches(link.body, chosen[join].record, base: base, chosen: chosen)
            }
            return try test(link, on: record, base: base, chosen: chosen)
        }
    }

    private func test(_ link: CompiledLink, on record: JSONObject, base: JSONObject, chosen: [JoinChoice])
        throws(QueryError) -> Bool
    {
        let related = source.relatedRecords(of: record, through: link.step)
        if related.isEmpty {
            switch link.emptyMatches {
            case .always: return true
            case .never: return false
            case .asOneEmptyValue:
                let result = try matches(link.body, JSONObject(), base: base, chosen: chosen)
                return link.quantifier == .none ? !result : result
            }
        }
        switch link.quantifier {
        case .any:
            for other in related where try matches(link.body, other, base: base, chosen: chosen) { return true }
            return false
        case .all:
            for other in related where !(try matches(link.body, other, base: base, chosen: chosen)) { return false }
            return true
        case .none:
            for other in related where try matches(link.body, other, base: base, chosen: chosen) { return false }
            return true
        }
    }

    /// Whether `record` passes `condition`; field operands are read from `record`, `base` (the
    /// record the query tests) or the record a join chose.
    func test(
        _ condition: CompiledCondition, on record: JSONObject, base: JSONObject? = nil, chosen: [JoinChoice] = []
    ) throws(QueryError) -> Bool {
        let reader = ValueReader(environment: environment)
        if let semantics = condition.source.comparison.semantics, case .field(let operand) = condition.operand,
            case .field(_, let kind, let modifier) = condition.access
        {
            let lhs = ComparedValue(value: reader.raw(condition.access, in: record), kind: kind, modifier: modifier)
            var rhs = ComparedValue()
            if case .field(_, let otherKind, let otherModifier) = operand.access {
                let other = operandRecord(operand, record: record, base: base, chosen: chosen)
                rhs = ComparedValue(value: reader.raw(operand.access, in: other), kind: otherKind, modifier: otherModifier)
            }
            return semantics.holds(condition.source.op, lhs, rhs)
        }
        let operand = try resolve(condition, on: record, base: base, chosen: chosen)
        switch condition.shape {
        case .scalar:
            return condition.matches(try reader.scalar(condition, in: record), operand)
        case .elements:
            let raw = reader.raw(condition.access, in: record)
            switch condition.source.op {
            case .isNull: return raw == nil
            case .isNotNull: return raw != nil
            default: break
            }
            let elements = reader.elements(raw, kind: condition.kind)
            let quantifier = condition.source.quantifier
            if elements.isEmpty {
                switch condition.source.emptyMatches {
                case .always: return true
                case .never: return false
                case .asOneEmptyValue:
                    let result = condition.matches(nil, operand)
                    return quantifier == .none ? !result : result
                }
            }
            switch quantifier {
            case .any: return elements.contains { condition.matches($0, operand) }
            case .all: return elements.allSatisfy { condition.matches($0, operand) }
            case .none: return !elements.contains { condition.matches($0, operand) }
            }
        }
    }

    /// The record a field operand is read from.
    private func operandRecord(_ operand: FieldOperand, record: JSONObject, base: JSONObject?, chosen: [JoinChoice])
        -> JSONObject
    {
        switch operand.record {
        case .current: record
        case .base: base ?? record
        case .join(let index): chosen.indices.contains(index) ? chosen[index].record : JSONObject()
        }
    }

    /// The operand of `condition` for `record`: fields and macros read now, failures thrown.
    private func resolve(
        _ condition: CompiledCondition, on record: JSONObject, base: JSONObject?, chosen: [JoinChoice]
    ) throws(QueryError) -> CompiledOperand {
        switch condition.operand {
        case .unbound(let name):
            throw QueryError(.unboundParameter, "the parameter '\(name)' of '\(condition.qualifiedPath)' is not set")
        case .macro(let macro, let reading):
            let value = macro.value(now: environment.now)
            let scalar: Scalar?
            if !macro.isDate {
                scalar = .integer(value)
            } else if let reading {
                scalar = reading.reading.read(.number(JSONNumber(value)), of: .date).flatMap {
                    Scalar.stored($0, as: condition.kind)
                }
            } else if condition.kind.isText {
                scalar = .text(DateText.iso8601(value))
            } else {
                scalar = .date(value)
            }
            return condition.prepared(scalar)
        case .field(let operand):
            let raw = try ValueReader(environment: environment).json(
                operand.access, in: operandRecord(operand, record: record, base: base, chosen: chosen))
            var scalar: Scalar?
            if let raw {
                if case .value(let value) = Scalar.literal(raw, as: condition.kind) {
                    scalar = value
                } else {
                    scalar = Scalar.stored(raw, as: condition.kind)
                }
            }
            if scalar == nil, condition.source.emptyEqualsNull { scalar = condition.kind.emptyText }
            return condition.prepared(scalar)
        default:
            return condition.operand
        }
    }
}
