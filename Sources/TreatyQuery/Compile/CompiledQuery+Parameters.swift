public import TreatyJSON

/// Which conditions a parameter sets.
public enum ParameterTarget: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// Every condition with this alias (``Condition/alias``, or a `$alias` operand).
    case alias(String)
    /// The one condition on this dotted path from the query's resource (`views`, `tags.name`).
    case path(String)

    public init(stringLiteral value: String) {
        self = .alias(value)
    }

    public var description: String {
        switch self {
        case .alias(let name): "parameter '\(name)'"
        case .path(let path): "path '\(path)'"
        }
    }
}

extension CompiledQuery {
    /// Replaces the operand of the target's conditions with one value.
    ///
    /// ```swift
    /// try query.setParameter("minViews", to: 1000)
    /// try query.setParameter(.path("title"), to: "Swift")
    /// ```
    ///
    /// - Parameters:
    ///   - target: An alias, or a path used by exactly one condition.
    ///   - value: The new operand, converted to the field's type.
    /// - Throws: ``QueryError/Kind/unknownParameter``, ``QueryError/Kind/ambiguousParameter``
    ///   (a path several conditions use), ``QueryError/Kind/parameterArity`` (the operator takes
    ///   two values or a list) or ``QueryError/Kind/typeMismatch``.
    public mutating func setParameter(_ target: ParameterTarget, to value: JSONValue) throws(QueryError) {
        try bind(target, values: 1) { _ in .value(value) }
    }

    /// Replaces the operand of the target's conditions with two bounds (`between`), or with a
    /// value and a tolerance (`eq`/`ne` on numbers and dates).
    ///
    /// - Parameters:
    ///   - target: An alias, or a path used by exactly one condition.
    ///   - first: The low bound, or the value.
    ///   - second: The high bound, or the tolerance.
    /// - Throws: ``QueryError`` as ``setParameter(_:to:)`` does.
    public mutating func setParameter(_ target: ParameterTarget, to first: JSONValue, _ second: JSONValue)
        throws(QueryError)
    {
        try bind(target, values: 2) { op in op == .between ? .range(first, second) : .tolerance(first, second) }
    }

    /// Replaces the operand of the target's `in`/`notIn` conditions with a list.
    ///
    /// - Parameters:
    ///   - target: An alias, or a path used by exactly one condition.
    ///   - values: The new values.
    /// - Throws: ``QueryError`` as ``setParameter(_:to:)`` does.
    public mutating func setParameter(_ target: ParameterTarget, toAnyOf values: [JSONValue]) throws(QueryError) {
        try bind(target, values: -1) { _ in .list(values) }
    }

    /// Every alias the query's conditions carry, sorted.
    public var parameterNames: [String] {
        Array(
            Set(
                conditions.flatMap { condition -> [String] in
                    var names = condition.source.alias.map { [$0] } ?? []
                    if case .parameter(let name) = condition.source.operand { names.append(name) }
                    return names
                })
        ).sorted()
    }

    /// The arity an operator's parameter takes: 1, 2 (bounds or tolerance) or -1 (a list).
    private static func arities(of op: QueryOperator) -> [Int] {
        switch op {
        case .isNull, .isNotNull: []
        case .between: [2]
        case .in, .notIn: [-1]
        case .eq, .ne: [1, 2]
        default: [1]
        }
    }

    private mutating func bind(
        _ target: ParameterTarget, values arity: Int, operand: (QueryOperator) -> Operand
    ) throws(QueryError) {
        let indices = try conditionIndices(for: target)
        var updated = conditions
        for index in indices {
            var condition = updated[index]
            let op = condition.source.op
            guard Self.arities(of: op).contains(arity) else {
                let wanted = Self.arities(of: op).first.map {
                    $0 == 2 ? "two values" : $0 == 1 ? "one value" : "a list"
                }
                throw QueryError(
                    .parameterArity,
                    "\(target) sets '\(condition.qualifiedPath) \(op)', which takes \(wanted ?? "no value")")
            }
            let newOperand = operand(op)
            let resource = try schema.resource(condition.resource)
            condition.operand = try condition.prepare(newOperand, schema: schema, in: resource)
            condition.source.operand = newOperand
            if case .alias(let name) = target { condition.source.alias = name }
            updated[index] = condition
        }
        conditions = updated
    }

    private func conditionIndices(for target: ParameterTarget) throws(QueryError) -> [Int] {
        switch target {
        case .alias(let name):
            let indices = conditions.indices.filter { index in
                let source = conditions[index].source
                return source.alias == name || source.operand == .parameter(name)
            }
            guard !indices.isEmpty else {
                throw QueryError(
                    .unknownParameter,
                    "no condition has the alias '\(name)'" + Suggestion.didYouMean(name, among: parameterNames))
            }
            return indices
        case .path(let path):
            let indices = conditions.indices.filter { conditions[$0].qualifiedPath == path }
            guard !indices.isEmpty else {
                throw QueryError(
                    .unknownParameter,
                    "no condition uses the path '\(path)'"
                        + Suggestion.didYouMean(path, among: Set(conditions.map(\.qualifiedPath))))
            }
            guard indices.count == 1 else {
                throw QueryError(
                    .ambiguousParameter, "\(indices.count) conditions use the path '\(path)'; give one an alias")
            }
            return indices
        }
    }
}
