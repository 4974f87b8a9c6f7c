/// What a ``Condition`` tests, named as `shared/query.md` names the operators.
///
/// Which operators a field accepts depends on its ``FieldKind``:
///
/// | kind | operators |
/// |---|---|
/// | string | eq ne lt le gt ge in notIn startsWith endsWith contains like tokensAll tokensAny |
/// | integer | eq ne lt le gt ge between in notIn |
/// | float | eq ne lt le gt ge between in notIn (eq/ne exact, or with a tolerance) |
/// | date | eq ne lt le gt ge between in notIn, at millisecond precision |
/// | bool | eq ne |
/// | bytes | eq ne lt le gt ge in notIn (byte order) |
/// | location | near |
/// | any | isNull isNotNull |
///
/// List fields take their element kind's operators under the condition's ``Quantifier``.
public enum QueryOperator: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Equal (text by byte unless case is ignored; numbers exactly, or within a tolerance).
    case eq
    /// Not equal (null still fails unless ``Condition/nullMatches``).
    case ne
    /// Less than.
    case lt
    /// Less than or equal.
    case le
    /// Greater than.
    case gt
    /// Greater than or equal.
    case ge
    /// Inclusive at both ends; the bounds may come in either order.
    case between
    /// Equal to one of a list.
    case `in`
    /// Equal to none of a list.
    case notIn
    /// Starts with the operand; `startsWith("")` matches every non-null string.
    case startsWith
    /// Ends with the operand.
    case endsWith
    /// Contains the operand.
    case contains
    /// SQL LIKE: `%` any run, `_` one character, `\` escapes the next character.
    case like
    /// Every word of the operand is a word of the value (Unicode case and diacritics folded).
    case tokensAll
    /// Some word of the operand is a word of the value (Unicode case and diacritics folded).
    case tokensAny
    /// The value is null or missing.
    case isNull
    /// The value is present and not null.
    case isNotNull
    /// Within a distance of a point: the operand is ``Operand/tolerance(_:_:)`` with a
    /// `{"latitude", "longitude"}` point and metres (great-circle distance).
    case near

    public var description: String { rawValue }

    /// The operator with its operands swapped: `5 < views` is `views > 5`; `nil` when it has
    /// no mirror image.
    public var mirrored: QueryOperator? {
        switch self {
        case .eq, .ne: self
        case .lt: .gt
        case .le: .ge
        case .gt: .lt
        case .ge: .le
        default: nil
        }
    }

    /// Whether the operator works on text only.
    var isTextOnly: Bool {
        switch self {
        case .startsWith, .endsWith, .contains, .like, .tokensAll, .tokensAny: true
        default: false
        }
    }
}
