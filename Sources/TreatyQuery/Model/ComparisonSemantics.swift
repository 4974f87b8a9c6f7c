/// How two stored values compare for a condition with a ``Comparison/custom(_:)`` comparison.
///
/// The compiler leaves such a condition's operator and operand shape to the semantics (no
/// kind check), and the evaluator calls ``holds(_:_:_:)`` with both values as stored, once per
/// tested record. Conforming types must guarantee that:
/// - ``holds(_:_:_:)`` is pure and cheap, and never blocks: the same inputs give the same
///   answer, on the evaluator's hot path;
/// - every ``QueryOperator`` gets an answer: `false` for one the semantics does not define;
/// - a `nil` value (missing, null, or a side that is not a record field) is handled, as the
///   backend handles null;
/// - ``name`` identifies the semantics: equal names mean equal semantics (it is how conditions
///   compare and print, `eq(a, b)[name]`).
public protocol ComparisonSemantics: Sendable {
    /// The semantics' name, printed among a condition's flags; equal names mean equal semantics.
    var name: String { get }

    /// Whether `lhs op rhs` holds.
    ///
    /// - Parameters:
    ///   - op: The condition's operator.
    ///   - lhs: The tested field's value.
    ///   - rhs: The operand field's value.
    /// - Returns: Whether the condition holds for these values.
    func holds(_ op: QueryOperator, _ lhs: ComparedValue, _ rhs: ComparedValue) -> Bool
}
