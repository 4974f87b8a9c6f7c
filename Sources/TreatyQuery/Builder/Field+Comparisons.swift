import TreatyJSON

extension Field {
    /// The field equals the value.
    public static func == (lhs: Field, rhs: some QueryValueConvertible) -> Expr {
        lhs.condition(.eq, .value(rhs.queryValue))
    }

    /// The field differs from the value (null fails, as in ObjectBox).
    public static func != (lhs: Field, rhs: some QueryValueConvertible) -> Expr {
        lhs.condition(.ne, .value(rhs.queryValue))
    }

    /// The field is below the value.
    public static func < (lhs: Field, rhs: some QueryValueConvertible) -> Expr {
        lhs.condition(.lt, .value(rhs.queryValue))
    }

    /// The field is at most the value.
    public static func <= (lhs: Field, rhs: some QueryValueConvertible) -> Expr {
        lhs.condition(.le, .value(rhs.queryValue))
    }

    /// The field is above the value.
    public static func > (lhs: Field, rhs: some QueryValueConvertible) -> Expr {
        lhs.condition(.gt, .value(rhs.queryValue))
    }

    /// The field is at least the value.
    public static func >= (lhs: Field, rhs: some QueryValueConvertible) -> Expr {
        lhs.condition(.ge, .value(rhs.queryValue))
    }

    /// The field equals another field of the same record.
    public static func == (lhs: Field, rhs: Field) -> Expr { lhs.condition(.eq, .field(rhs.path)) }

    /// The field differs from another field of the same record.
    public static func != (lhs: Field, rhs: Field) -> Expr { lhs.condition(.ne, .field(rhs.path)) }

    /// The field is below another field of the same record.
    public static func < (lhs: Field, rhs: Field) -> Expr { lhs.condition(.lt, .field(rhs.path)) }

    /// The field is above another field of the same record.
    public static func > (lhs: Field, rhs: Field) -> Expr { lhs.condition(.gt, .field(rhs.path)) }

    /// The number or date lies within `value ± tolerance` (the only sensible `==` for floats).
    ///
    /// - Parameters:
    ///   - value: The centre.
    ///   - tolerance: The largest allowed distance.
    /// - Returns: The condition.
    public func equals(_ value: some QueryValueConvertible, tolerance: some QueryValueConvertible) -> Expr {
        condition(.eq, .tolerance(value.queryValue, tolerance.queryValue))
    }

    /// The field lies between the bounds, both included, in either order.
    ///
    /// - Parameters:
    ///   - low: One bound.
    ///   - high: The other bound.
    /// - Returns: The condition.
    public func between(_ low: some QueryValueConvertible, _ high: some QueryValueConvertible) -> Expr {
        condition(.between, .range(low.queryValue, high.queryValue))
    }

    /// The field lies in the closed range: `between(a, b)`.
    ///
    /// - Parameter range: The range.
    /// - Returns: The condition.
    public func isIn(_ range: ClosedRange<Int>) -> Expr {
        between(range.lowerBound, range.upperBound)
    }

    /// The field lies in the half-open range: `between(a, b − 1)`; an empty range matches
    /// nothing (ObjectBox would match `a`).
    ///
    /// - Parameter range: The range.
    /// - Returns: The condition.
    public func isIn(_ range: Range<Int>) -> Expr {
        range.isEmpty ? .false : between(range.lowerBound, range.upperBound - 1)
    }

    /// The float lies in the half-open range: `between(a, b.nextDown)`; an empty range matches
    /// nothing.
    ///
    /// - Parameter range: The range.
    /// - Returns: The condition.
    public func isIn(_ range: Range<Double>) -> Expr {
        range.isEmpty ? .false : between(range.lowerBound, range.upperBound.nextDown)
    }

    /// The field equals one of the values.
    ///
    /// - Parameter values: The values.
    /// - Returns: The condition.
    public func isIn<Value: QueryValueConvertible>(_ values: [Value]) -> Expr {
        condition(.in, .list(values.map(\.queryValue)))
    }

    /// The field equals none of the values.
    ///
    /// - Parameter values: The values.
    /// - Returns: The condition.
    public func notIn<Value: QueryValueConvertible>(_ values: [Value]) -> Expr {
        condition(.notIn, .list(values.map(\.queryValue)))
    }

    /// The field is null or missing.
    public func isNull() -> Expr { condition(.isNull, .none) }

    /// The field has a value.
    public func isNotNull() -> Expr { condition(.isNotNull, .none) }

    /// The string starts with `prefix`; `startsWith("")` matches every non-null string.
    public func startsWith(_ prefix: String, caseSensitive: Bool = true) -> Expr {
        condition(.startsWith, .value(.string(prefix)), caseSensitive: caseSensitive)
    }

    /// The string ends with `suffix`.
    public func endsWith(_ suffix: String, caseSensitive: Bool = true) -> Expr {
        condition(.endsWith, .value(.string(suffix)), caseSensitive: caseSensitive)
    }

    /// The string contains `text`.
    public func contains(_ text: String, caseSensitive: Bool = true) -> Expr {
        condition(.contains, .value(.string(text)), caseSensitive: caseSensitive)
    }

    /// The string matches the LIKE pattern (`%` any run, `_` one character).
    public func like(_ pattern: String, caseSensitive: Bool = true) -> Expr {
        condition(.like, .value(.string(pattern)), caseSensitive: caseSensitive)
    }

    /// Every word of `text` is a word of the string (case and diacritics ignored by default).
    public func tokensAll(_ text: String, caseSensitive: Bool = false) -> Expr {
        condition(.tokensAll, .value(.string(text)), caseSensitive: caseSensitive)
    }

    /// Some word of `text` is a word of the string (case and diacritics ignored by default).
    public func tokensAny(_ text: String, caseSensitive: Bool = false) -> Expr {
        condition(.tokensAny, .value(.string(text)), caseSensitive: caseSensitive)
    }
}
