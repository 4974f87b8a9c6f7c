public import TreatyJSON

/// A test of one field of a record: `path op operand`, with the flags that make each backend's
/// semantics explicit.
///
/// ```swift
/// Condition("views", .gt, 100)
/// Condition("title", .like, "%swift%", caseSensitive: false)
/// Condition("tags", .eq, "x", quantifier: .all)          // every element of a list field
/// Condition("title", .ne, "x", nullMatches: true)         // != matches null rows
/// ```
///
/// **Null.** A missing key and a `null` value are both null. A null value gives ``nullMatches``
/// for every operator but `isNull`/`isNotNull` (false by default, `!=` included, as in
/// ObjectBox). With ``emptyEqualsNull`` a string-like null reads as `""` (and a null operand as
/// `""`) before the test, so `x = null` ≡ `x = ""`. A null operand matches nothing.
public struct Condition: Sendable, Hashable {
    /// The field tested; a path through relations is rewritten into links when compiled.
    public var path: FieldPath
    /// What is tested.
    public var op: QueryOperator
    /// What the field is compared with.
    public var operand: Operand
    /// Whether string comparisons respect case (ObjectBox Swift's default: true).
    public var caseSensitive: Bool
    /// How strings fold when ``caseSensitive`` is false; tokens operators always fold Unicode.
    public var fold: TextFold
    /// How a list field's elements combine.
    public var quantifier: Quantifier
    /// What an empty list gives.
    public var emptyMatches: EmptyMatch
    /// What a null value gives.
    public var nullMatches: Bool
    /// Whether `""` and null are the same value for string-like fields.
    public var emptyEqualsNull: Bool
    /// Whether a `like` pattern without `%` is matched as `%pattern%` (anywhere in the text).
    public var likeWrap: Bool
    /// The name under which ``CompiledQuery/setParameter(_:to:)`` replaces the operand.
    public var alias: String?
    /// A join name for a condition on a list field: conditions with the same name test the same
    /// element, as links with the same ``Link/join`` share their related record (SQL's
    /// `json_each` join). The query matches when some choice of one element
    /// per name — a null value for an empty list — makes it true; ``quantifier`` and
    /// ``emptyMatches`` do not apply. `nil` (the default): the elements combine by ``quantifier``.
    public var join: String?
    /// How a field operand (``Operand/field(_:)``) compares with the field: ``Comparison/typed``
    /// (the default) reads it as the field's kind and refuses kinds that do not compare when
    /// compiled; a ``Comparison/custom(_:)`` comparison hands both stored values to a dialect's
    /// ``ComparisonSemantics``.
    public var comparison = Comparison.typed

    /// Creates a condition.
    ///
    /// - Parameters:
    ///   - path: The field tested.
    ///   - op: What is tested.
    ///   - operand: What the field is compared with; none for `isNull`/`isNotNull`.
    ///   - caseSensitive: Whether string comparisons respect case.
    ///   - fold: How strings fold when case is ignored; `.unicode` by default for the tokens
    ///     operators, `.ascii` otherwise.
    ///   - quantifier: How a list field's elements combine.
    ///   - emptyMatches: What an empty list gives; the quantifier's default when `nil`.
    ///   - nullMatches: What a null value gives.
    ///   - emptyEqualsNull: Whether `""` and null are the same value.
    ///   - likeWrap: Whether a `like` pattern without `%` matches anywhere.
    ///   - alias: The parameter name of the operand.
    public init(
        _ path: FieldPath, _ op: QueryOperator, _ operand: Operand = .none, caseSensitive: Bool = true,
        fold: TextFold? = nil, quantifier: Quantifier = .any, emptyMatches: EmptyMatch? = nil,
        nullMatches: Bool = false, emptyEqualsNull: Bool = false, likeWrap: Bool = false, alias: String? = nil
    ) {
        self.path = path
        self.op = op
        self.operand = operand
        self.caseSensitive = caseSensitive
        self.fold = fold ?? (op == .tokensAll || op == .tokensAny ? .unicode : .ascii)
        self.quantifier = quantifier
        self.emptyMatches = emptyMatches ?? quantifier.defaultEmptyMatch
        self.nullMatches = nullMatches
        self.emptyEqualsNull = emptyEqualsNull
        self.likeWrap = likeWrap
        self.alias = alias
    }

    /// Creates a condition with one literal operand.
    ///
    /// - Parameters:
    ///   - path: The field tested.
    ///   - op: What is tested.
    ///   - value: The literal compared with the field.
    ///   - caseSensitive: Whether string comparisons respect case.
    ///   - quantifier: How a list field's elements combine.
    ///   - nullMatches: What a null value gives.
    ///   - alias: The parameter name of the operand.
    public init(
        _ path: FieldPath, _ op: QueryOperator, _ value: JSONValue, caseSensitive: Bool = true,
        quantifier: Quantifier = .any, nullMatches: Bool = false, alias: String? = nil
    ) {
        self.init(
            path, op, .value(value), caseSensitive: caseSensitive, quantifier: quantifier, nullMatches: nullMatches,
            alias: alias)
    }
}
