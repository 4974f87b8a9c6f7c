import TreatyJSON
import TreatyQuery

/// How PocketBase's SQLite compares a literal with a field of another type.
///
/// The typed builder refuses such comparisons (query.md trap 3), but a PocketBase filter is SQL
/// over SQLite's loose typing, and PocketBase answers them: `views ~ 2` matches 25 (LIKE over the
/// number's text), `views = true` compares with 1, and `verified = "true"` compares a number with
/// text, which is never equal. The PocketBase front end compiles them to those outcomes.
enum PocketBaseCoercion: Equatable {
    /// The literal fits the field; the typed comparison applies.
    case asIs
    /// The literal becomes this value, which fits the field.
    case value(JSONValue)
    /// The field is read as its text and compared with this string (LIKE over a number).
    case asText(JSONValue)
    /// SQLite's answer is the same for every row: a number is less than any text.
    case constant(Bool)
}

extension PocketBaseFilterParser {
    /// What SQLite makes of `field sign literal` when the literal is not of the field's type.
    ///
    /// - Parameters:
    ///   - literal: The right-hand literal, not null.
    ///   - kind: The field's kind (no modifier applied).
    ///   - sign: The operator.
    /// - Returns: How to compile the comparison.
    static func sqliteCoercion(of literal: JSONValue, to kind: FieldKind, _ sign: PocketBaseSign.Base)
        -> PocketBaseCoercion
    {
        let isLike = sign == .like || sign == .notLike
        switch (kind, literal) {
        case (.integer, _) where isLike, (.float, _) where isLike:
            return .asText(.string(Self.sqliteText(literal)))
        case (.string, .number), (.string, .bool):
            return .value(.string(Self.sqliteText(literal)))
        case (.integer, .bool(let flag)), (.float, .bool(let flag)):
            return .value(.number(JSONNumber(Int64(flag ? 1 : 0))))
        case (.integer, .string(let text)), (.float, .string(let text)), (.bool, .string(let text)):
            if JSONNumber(text: text) != nil, kind != .bool { return .asIs }
            // SQLite orders every number before every text, so the answer ignores the row.
            switch sign {
            case .eq, .gt, .ge: return .constant(false)
            case .ne, .lt, .le: return .constant(true)
            case .like, .notLike: return .asIs
            }
        default:
            return .asIs
        }
    }

    /// What SQLite makes of `@macro sign literal`: two constants, so no column affinity converts
    /// either side, and a number never equals a text (`@year = "2025"` is false).
    ///
    /// - Parameters:
    ///   - literal: The right-hand literal.
    ///   - macro: The macro on the left: a date text or a calendar number.
    ///   - sign: The operator.
    /// - Returns: How to compile the comparison.
    static func sqliteCoercion(of literal: JSONValue, toMacro macro: DateMacro, _ sign: PocketBaseSign.Base)
        -> PocketBaseCoercion
    {
        let numberBeforeText: Bool
        switch literal {
        case .bool(let flag) where !macro.isDate: return .value(.number(JSONNumber(Int64(flag ? 1 : 0))))
        case .number, .bool: guard macro.isDate else { return .asIs }
            numberBeforeText = false  // the macro is the text, on the greater side
        case .string: guard !macro.isDate else { return .asIs }
            numberBeforeText = true  // the macro is the number, on the lesser side
        default: return .asIs
        }
        switch sign {
        case .eq: return .constant(false)
        case .ne: return .constant(true)
        case .lt, .le: return .constant(numberBeforeText)
        case .gt, .ge: return .constant(!numberBeforeText)
        case .like, .notLike: return .asIs
        }
    }

    /// The literal as SQLite's text: numbers as written, `true` as 1.
    private static func sqliteText(_ literal: JSONValue) -> String {
        switch literal {
        case .number(let number): number.text
        case .bool(let flag): flag ? "1" : "0"
        case .string(let text): text
        default: literal.serialized()
        }
    }
}
