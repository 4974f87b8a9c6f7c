/// A boolean expression over one record.
///
/// `all` and `any` are n-ary (ObjectBox `&&` and `||`; `&&` binds tighter). The empty `all`
/// is true and the empty `any` is false, so ``Expr/true`` and ``Expr/false`` need no case of
/// their own.
public indirect enum Expr: Sendable, Hashable {
    /// True when every operand is true (true when there are none).
    case all([Expr])
    /// True when some operand is true (false when there are none).
    case any([Expr])
    /// True when the operand is false.
    case not(Expr)
    /// A test of one field of the record.
    case cond(Condition)
    /// A test of the records related to this one.
    case link(Link)

    /// The expression that matches every record.
    public static var `true`: Expr { .all([]) }

    /// The expression that matches no record.
    public static var `false`: Expr { .any([]) }
}

extension Expr {
    /// Every condition in the expression, depth first, including those inside links.
    public var conditions: [Condition] {
        switch self {
        case .all(let operands), .any(let operands): operands.flatMap(\.conditions)
        case .not(let operand): operand.conditions
        case .cond(let condition): [condition]
        case .link(let link): link.where.conditions
        }
    }
}
