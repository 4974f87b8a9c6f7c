package import TreatyJSON

/// The type values are converted to before a test: a field's ``FieldKind`` after its modifier,
/// or the element kind of a list.
enum ScalarKind: Sendable, Hashable, CustomStringConvertible {
    case bool, integer, float, text, date, bytes, json, location
    /// A relation id: text or integer, read from a nested object's `idField` when the relation is
    /// stored as an object.
    case reference(integerIDs: Bool, idField: String)

    var description: String {
        switch self {
        case .bool: "bool"
        case .integer: "integer"
        case .float: "float"
        case .text: "string"
        case .date: "date"
        case .bytes: "bytes"
        case .json: "json"
        case .location: "location"
        case .reference(let integerIDs, _): integerIDs ? "relation (integer id)" : "relation (string id)"
        }
    }

    /// Whether the values are text (strings, string ids).
    var isText: Bool {
        switch self {
        case .text: true
        case .reference(let integerIDs, _): !integerIDs
        default: false
        }
    }

    /// What null reads as when `""` and null are the same value (``Condition/emptyEqualsNull``):
    /// `""` for text kinds and for dynamically typed (`json`) values; `nil` for other kinds.
    var emptyText: Scalar? {
        switch self {
        case .text: .text("")
        case .json: .json(.string(""))
        case .reference(let integerIDs, _): integerIDs ? nil : .text("")
        default: nil
        }
    }

    /// The zero value of the kind, for ``OrderKey/Nulls/zero``.
    var zero: Scalar? {
        switch self {
        case .bool: .bool(false)
        case .integer: .integer(0)
        case .float: .float(0)
        case .text: .text("")
        case .date: .date(0)
        case .bytes: .bytes([])
        case .reference(let integerIDs, _): integerIDs ? .integer(0) : .text("")
        case .json, .location: nil
        }
    }

    /// Which operators the kind takes.
    func accepts(_ op: QueryOperator) -> Bool {
        switch op {
        case .isNull, .isNotNull: return true
        case .near: return self == .location
        case .startsWith, .endsWith, .contains, .like, .tokensAll, .tokensAny: return isText || self == .json
        case .between: return [.integer, .float, .date, .bytes].contains(self) || isText
        case .eq, .ne: return self != .location
        case .lt, .le, .gt, .ge, .in, .notIn: return self != .location && self != .bool
        }
    }
}

extension Scalar {
    /// A stored value read as `kind`; `nil` when it is null or does not have the kind (the
    /// evaluator treats both as null).
    static func stored(_ value: JSONValue, as kind: ScalarKind) -> Scalar? {
        switch (kind, value) {
        case (_, .null): return nil
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.integer, .number(let number)):
            if let integer = number.int64Value { return .integer(integer) }
            return .float(number.doubleValue)
        case (.float, .number(let number)): return .float(number.doubleValue)
        case (.text, .string(let text)): return .text(text)
        case (.date, .number(let number)):
            return .date(number.int64Value ?? Int64(exactly: number.doubleValue.rounded()) ?? 0)
        case (.date, .string(let text)): return DateText.milliseconds(text).map(Scalar.date)
        case (.bytes, .string(let text)): return Base64.decode(text).map(Scalar.bytes)
        case (.bytes, .array(let elements)):
            var bytes: [UInt8] = []
            for element in elements {
                guard let number = element.numberValue?.int64Value, let byte = UInt8(exactly: number) else {
                    return nil
                }
                bytes.append(byte)
            }
            return .bytes(bytes)
        case (.json, _): return .json(value)
        case (.location, .object), (.location, .array): return .json(value)
        case (.reference, .string(let text)): return .text(text)
        case (.reference, .number(let number)): return number.int64Value.map(Scalar.integer)
        case (.reference(_, let idField), .object(let object)): return object[idField].flatMap { stored($0, as: kind) }
        default: return nil
        }
    }

    /// The outcome of converting a literal to a field's kind.
    enum Literal: Sendable, Hashable {
        case null
        case value(Scalar)
        case mismatch
    }

    /// A literal read as `kind`, strictly: numbers never become text and text becomes a number
    /// only when it is one (`"0"`).
    static func literal(_ value: JSONValue, as kind: ScalarKind) -> Literal {
        if case .null = value { return .null }
        switch (kind, value) {
        case (.integer, .string(let text)), (.float, .string(let text)):
            guard let number = JSONNumber(text: text) else { return .mismatch }
            return literal(.number(number), as: kind)
        case (.integer, .number), (.float, .number), (.bool, .bool), (.text, .string), (.json, _),
            (.location, .object), (.location, .array):
            return stored(value, as: kind).map(Literal.value) ?? .mismatch
        case (.date, .string), (.date, .number), (.bytes, .string), (.bytes, .array):
            return stored(value, as: kind).map(Literal.value) ?? .mismatch
        case (.reference(let integerIDs, _), .string(let text)):
            if !integerIDs { return .value(.text(text)) }
            return Int64(text).map { .value(.integer($0)) } ?? .mismatch
        case (.reference(let integerIDs, _), .number(let number)):
            guard integerIDs, let integer = number.int64Value else { return .mismatch }
            return .value(.integer(integer))
        default: return .mismatch
        }
    }
}

extension JSONValue {
    /// The value as a diagnostic quotes it: `the string "abc"`, `the number 12`, `true`.
    package var quoted: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): "the number \(number.text)"
        case .string(let text): "the string \(JSONValue.string(text).serialized())"
        case .array: "the array \(serialized())"
        case .object: "the object \(serialized())"
        }
    }
}
