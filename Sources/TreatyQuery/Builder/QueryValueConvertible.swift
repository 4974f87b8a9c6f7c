public import TreatyJSON

/// A Swift value the builder can put into a condition as a JSON literal.
public protocol QueryValueConvertible: Sendable {
    /// The value as JSON.
    var queryValue: JSONValue { get }
}

extension JSONValue: QueryValueConvertible {
    public var queryValue: JSONValue { self }
}

extension String: QueryValueConvertible {
    public var queryValue: JSONValue { .string(self) }
}

extension Substring: QueryValueConvertible {
    public var queryValue: JSONValue { .string(String(self)) }
}

extension Int: QueryValueConvertible {
    public var queryValue: JSONValue { .number(JSONNumber(self)) }
}

extension Int64: QueryValueConvertible {
    public var queryValue: JSONValue { .number(JSONNumber(self)) }
}

extension Int32: QueryValueConvertible {
    public var queryValue: JSONValue { .number(JSONNumber(Int64(self))) }
}

extension Double: QueryValueConvertible {
    public var queryValue: JSONValue { .number(JSONNumber(self)) }
}

extension Bool: QueryValueConvertible {
    public var queryValue: JSONValue { .bool(self) }
}

extension Optional: QueryValueConvertible where Wrapped: QueryValueConvertible {
    public var queryValue: JSONValue { self?.queryValue ?? .null }
}
