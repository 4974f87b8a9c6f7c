/// Binds an alias to a condition: looser than comparisons, tighter than `&&`.
precedencegroup AliasPrecedence {
    higherThan: LogicalConjunctionPrecedence
    lowerThan: ComparisonPrecedence
}

/// Names a condition's operand so ``CompiledQuery/setParameter(_:to:)`` can replace it:
/// `"minViews" .= Field("views") > 10`.
infix operator .= : AliasPrecedence

/// Gives every condition in `expr` the alias (usually `expr` is one condition).
///
/// - Parameters:
///   - alias: The parameter name.
///   - expr: The condition.
/// - Returns: The condition with its alias.
public func .= (alias: String, expr: Expr) -> Expr {
    expr.settingAlias(alias)
}

extension Expr {
    /// Both expressions hold (flattened into one `all`).
    public static func && (lhs: Expr, rhs: Expr) -> Expr {
        switch (lhs, rhs) {
        case (.all(let a), .all(let b)): .all(a + b)
        case (.all(let a), _): .all(a + [rhs])
        case (_, .all(let b)): .all([lhs] + b)
        default: .all([lhs, rhs])
        }
    }

    /// Either expression holds (flattened into one `any`).
    public static func || (lhs: Expr, rhs: Expr) -> Expr {
        switch (lhs, rhs) {
        case (.any(let a), .any(let b)): .any(a + b)
        case (.any(let a), _): .any(a + [rhs])
        case (_, .any(let b)): .any([lhs] + b)
        default: .any([lhs, rhs])
        }
    }

    /// The expression does not hold.
    public static prefix func ! (operand: Expr) -> Expr {
        if case .not(let inner) = operand { return inner }
        return .not(operand)
    }

    /// The expression with `alias` on every condition.
    func settingAlias(_ alias: String) -> Expr {
        switch self {
        case .all(let operands): return .all(operands.map { $0.settingAlias(alias) })
        case .any(let operands): return .any(operands.map { $0.settingAlias(alias) })
        case .not(let operand): return .not(operand.settingAlias(alias))
        case .cond(var condition):
            condition.alias = alias
            return .cond(condition)
        case .link(var link):
            link.where = link.where.settingAlias(alias)
            return .link(link)
        }
    }
}
