import TreatyJSON

/// Evaluates compiled expressions on records of one data source.
struct Evaluator<Source: QueryDataSource> {
    let conditions: [CompiledCondition]
    let source: Source
    let environment: QueryEnvironment

    func matches(_ node: CompiledNode, _ record: JSONObject) throws(QueryError) -> Bool {
        switch node {
        case .all(let nodes):
            for node in nodes where !(try matches(node, record)) { return false }
            return true
        case .any(let nodes):
            for node in nodes where try matches(node, record) { return true }
            return false
        case .not(let node):
            return !(try matches(node, record))
        case .cond(let index):
            return try test(conditions[index], on: record)
        case .link(let link):
            return try test(link, on: record)
        }
    }

    private func test(_ link: CompiledLink, on record: JSONObject) throws(QueryError) -> Bool {
        let related = source.relatedRecords(of: record, through: link.step)
        if related.isEmpty {
            switch link.emptyMatches {
            case .always: return true
            case .never: return false
            case .asOneEmptyValue:
                let result = try matches(link.body, JSONObject())
                return link.quantifier == .none ? !result : result
            }
        }
        switch link.quantifier {
        case .any:
            for other in related where try matches(link.body, other) { return true }
            return false
        case .all:
            for other in related where !(try matches(link.body, other)) { return false }
            return true
        case .none:
            for other in related where try matches(link.body, other) { return false }
            return true
        }
    }

    func test(_ condition: CompiledCondition, on record: JSONObject) throws(QueryError) -> Bool {
        let operand = try resolve(condition, on: record)
        let reader = ValueReader(environment: environment)
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

    /// The operand of `condition` for `record`: fields and macros read now, failures thrown.
    private func resolve(_ condition: CompiledCondition, on record: JSONObject) throws(QueryError)
        -> CompiledOperand
    {
        switch condition.operand {
        case .unbound(let name):
            throw QueryError(.unboundParameter, "the parameter '\(name)' of '\(condition.qualifiedPath)' is not set")
        case .unevaluated:
            throw QueryError(
                .unsupported, "the operator 'near' on '\(condition.qualifiedPath)' is modelled but not evaluated")
        case .macro(let macro):
            let value = macro.value(now: environment.now)
            let scalar: Scalar
            if !macro.isDate {
                scalar = .integer(value)
            } else if condition.kind.isText {
                scalar = .text(DateText.pocketBase(value))
            } else {
                scalar = .date(value)
            }
            return condition.prepared(scalar)
        case .field(let access):
            let raw = try ValueReader(environment: environment).json(access, in: record)
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
