/// How a condition compares its field with another field (an ``Operand/field(_:)`` operand).
///
/// ``typed`` is the default: the operand is read as the field's kind, and kinds that do not
/// compare are refused when the query compiles. A dialect whose backend compares two stored
/// values its own way (loosely typed columns, say) supplies a ``ComparisonSemantics`` with
/// ``custom(_:)``. Literal operands always convert to the field's kind.
public struct Comparison: Sendable, Hashable, CustomStringConvertible {
    /// The semantics; `nil` for ``typed``.
    public let semantics: (any ComparisonSemantics)?

    private init(semantics: (any ComparisonSemantics)?) {
        self.semantics = semantics
    }

    /// The operand is converted to the field's kind and compared as that kind.
    public static let typed = Comparison(semantics: nil)

    /// The two stored values are handed to `semantics`, whatever their kinds.
    ///
    /// - Parameter semantics: How the two values compare.
    /// - Returns: The comparison.
    public static func custom(_ semantics: some ComparisonSemantics) -> Comparison {
        Comparison(semantics: semantics)
    }

    /// `typed`, or the semantics' name.
    public var description: String { semantics?.name ?? "typed" }

    public static func == (lhs: Comparison, rhs: Comparison) -> Bool {
        lhs.semantics?.name == rhs.semantics?.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(semantics?.name)
    }
}
