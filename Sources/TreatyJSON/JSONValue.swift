/// A JSON value that keeps what `JSONSerialization` and `Codable` lose.
///
/// `JSONValue` distinguishes a key that is absent from a key that is present with `null`
/// (look a key up in a ``JSONObject``: `nil` means missing, ``JSONValue/null`` means null),
/// keeps the exact text of every number (see ``JSONNumber``), and keeps object keys in the
/// order they were received (see ``JSONObject``).
///
/// ```swift
/// let task = try JSONParser().parse(#"{"id":"T1","assignee_id":null}"#)
/// task["assignee_id"]   // .null: present, null
/// task["watcher_ids"]   // nil: missing
/// ```
public enum JSONValue: Sendable, Hashable {
    /// The literal `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its exact text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, with its keys in received order.
    case object(JSONObject)
}

extension JSONValue {
    /// The six kinds of JSON value, named as diagnostics name them.
    public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case null, boolean, number, string, array, object

        public var description: String { rawValue }
    }

    /// The kind of this value.
    public var kind: Kind {
        switch self {
        case .null: .null
        case .bool: .boolean
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// Whether this value is the literal `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The string, if this value is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The Boolean, if this value is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, if this value is a number.
    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The elements, if this value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, if this value is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The value under `key` if this value is an object that has the key; `nil` when the key is
    /// missing or this value is not an object. A present `null` is ``JSONValue/null``.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index` if this value is an array that long; otherwise `nil`.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
