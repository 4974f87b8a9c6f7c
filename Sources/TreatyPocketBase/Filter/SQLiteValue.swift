import TreatyJSON
import TreatyQuery

/// A value as PocketBase's SQLite holds and compares it, for comparisons of two fields
/// (``TreatyQuery/Comparison/sqliteColumns``).
///
/// PocketBase 0.40 stores text, editor, email, url, date, autodate and single select, relation
/// and file fields in `TEXT` columns; number and bool fields in `NUMERIC`/`BOOLEAN` columns
/// (NUMERIC affinity, a bool as 0 or 1); multi-valued and `json` fields in `JSON` columns
/// (NUMERIC affinity, holding their JSON text). `:length` and `:lower` are SQL functions, whose
/// results have no affinity. A field read through a join with no related record is NULL.
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// A column's type affinity, which converts the other operand of an ordering comparison.
    enum Affinity: Sendable {
        case text
        case numeric
        case none
    }

    /// The value of a field of `kind` read through `modifier`, from its JSON; `nil` is NULL.
    static func column(_ raw: JSONValue?, kind: FieldKind, modifier: PathModifier?) -> SQLiteValue {
        guard let raw else { return .null }
        switch modifier {
        case .length:
            if case .array(let elements) = raw { return .integer(Int64(elements.count)) }
            return raw.isNull ? .integer(0) : .null
        case .lowercased:
            guard case .text(let text) = stored(raw) else { return stored(raw) }
            return .text(TextFold.asciiLowercased(text))
        default:
            return stored(raw)
        }
    }

    /// The affinity of a field of `kind` read through `modifier`.
    static func affinity(of kind: FieldKind, modifier: PathModifier?) -> Affinity {
        switch modifier {
        case .length?, .lowercased?: return .none
        default: break
        }
        switch kind {
        case .integer, .float, .bool, .json, .list, .location, .relation(_, many: true): return .numeric
        default: return .text
        }
    }

    /// A stored JSON value: numbers and bools as numbers, arrays and objects as their JSON text.
    private static func stored(_ raw: JSONValue) -> SQLiteValue {
        switch raw {
        case .null: return .null
        case .bool(let flag): return .integer(flag ? 1 : 0)
        case .number(let number):
            if let integer = number.int64Value { return .integer(integer) }
            return .real(number.doubleValue)
        case .string(let text): return .text(text)
        case .array, .object: return .text(raw.serialized())
        }
    }

    /// The value after SQLite applies `affinity` to it: NUMERIC turns text that is a
    /// well-formed number into that number, TEXT turns a number into its text.
    func applying(_ affinity: Affinity) -> SQLiteValue {
        switch (affinity, self) {
        case (.numeric, .text(let text)): return Self.number(text) ?? self
        case (.text, .integer), (.text, .real): return .text(sqlText ?? "")
        default: return self
        }
    }

    /// The text SQLite gives the value (`CAST(x AS TEXT)`, what LIKE reads); `nil` for NULL.
    var sqlText: String? {
        switch self {
        case .null: return nil
        case .integer(let value): return String(value)
        case .real(let value):
            if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) + ".0" }
            return String(value)
        case .text(let text): return text
        }
    }

    /// The order of two values in SQLite (numbers before text, text byte-wise); `nil` when
    /// either is NULL, which makes the comparison false.
    static func compare(_ lhs: SQLiteValue, _ rhs: SQLiteValue) -> Int? {
        switch (lhs, rhs) {
        case (.null, _), (_, .null): return nil
        case (.integer(let a), .integer(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.integer(let a), .real(let b)): return Numeric.compare(a, b)
        case (.real(let a), .integer(let b)): return Numeric.compare(b, a).map { -$0 }
        case (.real(let a), .real(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.text(let a), .text(let b)): return Scalar.compareBytes(a.utf8, b.utf8)
        case (.text, _): return 1
        case (_, .text): return -1
        }
    }

    /// Text that SQLite's NUMERIC affinity reads as a number (surrounding spaces allowed).
    private static func number(_ text: String) -> SQLiteValue? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.contains(where: \.isNumber),
            trimmed.allSatisfy({ "+-.0123456789eE".contains($0) })
        else { return nil }
        if let integer = Int64(trimmed) { return .integer(integer) }
        return Double(trimmed).map(SQLiteValue.real)
    }
}

extension String {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
