package import TreatyJSON

/// A value converted to the type of the field it belongs to; what the evaluator compares.
package enum Scalar: Sendable, Hashable {
    case bool(Bool)
    case integer(Int64)
    case float(Double)
    case text(String)
    /// Milliseconds since 1970 (UTC).
    case date(Int64)
    case bytes([UInt8])
    /// A value of a `json` field, or of a request path, compared only within its JSON kind.
    case json(JSONValue)

    /// `-1`, `0` or `1`, or `nil` when the two values cannot be ordered against each other.
    ///
    /// Integers and floats compare numerically and exactly; text compares by UTF-8 bytes (SQL's
    /// `BINARY` collation), so equality is byte equality.
    package static func compare(_ lhs: Scalar, _ rhs: Scalar) -> Int? {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)), (.date(let a), .date(let b)): return order(a, b)
        case (.float(let a), .float(let b)): return order(a, b)
        case (.integer(let a), .float(let b)): return Numeric.compare(a, b)
        case (.float(let a), .integer(let b)): return Numeric.compare(b, a).map { -$0 }
        case (.text(let a), .text(let b)): return compareBytes(a.utf8, b.utf8)
        case (.bool(let a), .bool(let b)): return order(a ? 1 : 0, b ? 1 : 0)
        case (.bytes(let a), .bytes(let b)): return compareBytes(a, b)
        case (.json(let a), .json(let b)): return compareJSON(a, b)
        default: return nil
        }
    }

    static func order<T: Comparable>(_ a: T, _ b: T) -> Int {
        a < b ? -1 : (a == b ? 0 : 1)
    }

    package static func compareBytes(_ a: some Sequence<UInt8>, _ b: some Sequence<UInt8>) -> Int {
        var left = a.makeIterator()
        var right = b.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?): if x != y { return x < y ? -1 : 1 }
            }
        }
    }

    private static func compareJSON(_ a: JSONValue, _ b: JSONValue) -> Int? {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            if let i = x.int64Value, let j = y.int64Value { return order(i, j) }
            if let i = x.int64Value { return Numeric.compare(i, y.doubleValue) }
            if let j = y.int64Value { return Numeric.compare(j, x.doubleValue).map { -$0 } }
            return order(x.doubleValue, y.doubleValue)
        case (.string(let x), .string(let y)): return compareBytes(x.utf8, y.utf8)
        case (.bool(let x), .bool(let y)): return order(x ? 1 : 0, y ? 1 : 0)
        default: return a == b ? 0 : nil
        }
    }

    /// The value as JSON, for results of property queries (dates as epoch milliseconds).
    var json: JSONValue {
        switch self {
        case .bool(let value): .bool(value)
        case .integer(let value), .date(let value): .number(JSONNumber(value))
        case .float(let value): .number(JSONNumber(value))
        case .text(let value): .string(value)
        case .bytes(let value): .array(value.map { .number(JSONNumber(Int64($0))) })
        case .json(let value): value
        }
    }

    /// The string, if the value is text.
    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The value as a `Double`, if it is a number or a date.
    var doubleValue: Double? {
        switch self {
        case .integer(let value), .date(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }
}

/// Exact comparison of integers with floating-point numbers.
package enum Numeric {
    /// Compares an `Int64` with a `Double` without rounding the integer; `nil` for NaN.
    package static func compare(_ integer: Int64, _ float: Double) -> Int? {
        guard !float.isNaN else { return nil }
        if float >= 9_223_372_036_854_775_808.0 { return -1 }
        if float < -9_223_372_036_854_775_808.0 { return 1 }
        let truncated = float.rounded(.towardZero)
        let whole = Int64(truncated)
        if integer != whole { return integer < whole ? -1 : 1 }
        let fraction = float - truncated
        return fraction == 0 ? 0 : (fraction > 0 ? -1 : 1)
    }
}
