import TreatyJSON

extension ConditionParser {
    /// The path `name` (`views`, `author.name`, `tags:each`, `title:lower`) written at `offset`.
    func path(_ name: String, at offset: Int) throws(QueryParseError) -> ConditionPath {
        var base = Substring(name)
        var modifierName: Substring?
        if let colon = name.firstIndex(of: ":") {
            base = name[..<colon]
            modifierName = name[name.index(after: colon)...]
        }
        let components = base.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard components.allSatisfy({ !$0.isEmpty }) else {
            throw lexer.error(at: offset, "'\(name)' has an empty path segment")
        }
        var result = ConditionPath(path: FieldPath(components))
        switch modifierName {
        case nil: break
        case "lower": result.path.modifier = .lowercased
        case "length": result.path.modifier = .length
        case "each": result.each = true
        case let other?:
            throw lexer.error(
                at: offset + base.count, "unknown modifier ':\(other)'", hint: "expected ':lower', ':length' or ':each'"
            )
        }
        guard let resource, let first = components.first else { return result }
        guard let kind = resource.kind(of: first) else {
            throw lexer.error(
                at: offset, "unknown field '\(first)'", kind: .unknownField,
                hint: Suggestion.closest(to: first, among: resource.fieldNames).map { "did you mean '\($0)'?" })
        }
        if components.count == 1, kind.isMultiValued, modifierName == nil { result.path.modifier = .jsonText }
        if result.each, !kind.isMultiValued || components.count > 1 {
            throw lexer.error(
                at: offset + base.count,
                "the modifier ':each' applies to list fields; '\(base)' is \(kind.withArticle) field",
                kind: .unsupportedOperator)
        }
        return result
    }

    /// The expression for `lhs sign operand`.
    func comparison(
        _ lhs: ConditionPath, _ sign: ConditionSign, _ operand: Operand, field: ConditionToken, value: ConditionToken
    ) throws(QueryParseError) -> Expr {
        if case .value(.null) = operand {
            guard sign.op == .eq || sign.op == .ne, !sign.negated else {
                throw lexer.error(
                    at: sign.token.offset, "null compares only with '=' and '!='", kind: .unsupportedOperator)
            }
            let condition = Condition(lhs.path, sign.op == .eq ? .isNull : .isNotNull, emptyEqualsNull: true)
            try check(condition, field: field, sign: sign, value: value)
            return .cond(condition)
        }
        let quantifier: Quantifier
        switch (lhs.each, sign.any, sign.negated) {
        case (false, _, _): quantifier = .any
        case (true, false, false), (true, true, true): quantifier = .all
        case (true, true, false): quantifier = .any
        case (true, false, true): quantifier = .none
        }
        let condition = Condition(
            lhs.path, sign.op, operand, caseSensitive: sign.op != .like, quantifier: quantifier,
            nullMatches: sign.op == .ne, emptyEqualsNull: true, likeWrap: sign.op == .like)
        try check(condition, field: field, sign: sign, value: value)
        return sign.negated && quantifier != .none ? .not(.cond(condition)) : .cond(condition)
    }

    /// Compiles the condition alone, to report what does not apply at its position.
    private func check(_ condition: Condition, field: ConditionToken, sign: ConditionSign, value: ConditionToken)
        throws(QueryParseError)
    {
        guard let resource else { return }
        do {
            _ = try CompiledQuery(Query(resource.name, where: .cond(condition)), schema: schema)
        } catch {
            switch error.kind {
            case .unsupportedOperator:
                throw lexer.error(at: sign.token.offset, error.message, kind: error.kind)
            case .typeMismatch, .invalidOperand:
                throw lexer.error(at: value.offset, error.message, kind: error.kind)
            default:
                throw lexer.error(at: field.offset, error.message, kind: error.kind)
            }
        }
    }
}
