/// A JSON number with its exact text.
///
/// Integers that fit in `Int64` and are written canonically (no leading zeros, no `-0`) are
/// stored as `Int64`; every other number keeps the text it arrived with, so a 20-digit id or a
/// decimal such as `0.10` round-trips byte for byte.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    enum Storage: Sendable, Hashable {
        case integer(Int64)
        case text(String, isInteger: Bool)
    }

    let storage: Storage

    /// Creates an integer number.
    public init(_ value: Int64) {
        storage = .integer(value)
    }

    /// Creates an integer number.
    public init(_ value: Int) {
        storage = .integer(Int64(value))
    }

    /// Creates a number from a finite `Double`, written in Swift's shortest round-trip form.
    ///
    /// A non-finite value has no JSON form and becomes `0`.
    public init(_ value: Double) {
        guard value.isFinite else {
            storage = .integer(0)
            return
        }
        storage = .text("\(value)", isInteger: false)
    }

    /// Creates a number from JSON number text, or returns `nil` if `text` is not a JSON number.
    public init?(text: String) {
        guard let shape = JSONNumberGrammar.shape(of: Array(text.utf8)) else { return nil }
        self.init(validatedText: text, isInteger: shape == .integer)
    }

    /// Creates a number from text already checked against the JSON number grammar.
    init(validatedText text: String, isInteger: Bool) {
        if isInteger, let value = Int64(text), String(value) == text {
            storage = .integer(value)
        } else {
            storage = .text(text, isInteger: isInteger)
        }
    }

    /// The number exactly as written.
    public var text: String {
        switch storage {
        case .integer(let value): String(value)
        case .text(let text, _): text
        }
    }

    /// Whether the text has neither a fraction nor an exponent.
    public var isInteger: Bool {
        switch storage {
        case .integer: true
        case .text(_, let isInteger): isInteger
        }
    }

    /// The value as `Int64` when the text is an integer that fits; otherwise `nil`.
    public var int64Value: Int64? {
        switch storage {
        case .integer(let value): value
        case .text(let text, let isInteger): isInteger ? Int64(text) : nil
        }
    }

    /// The nearest `Double` (precision may be lost for large integers and long decimals).
    public var doubleValue: Double {
        switch storage {
        case .integer(let value): Double(value)
        case .text(let text, _): Double(text) ?? .nan
        }
    }

    public var description: String { text }
}

/// The JSON number grammar of RFC 8259, section 6.
enum JSONNumberGrammar {
    enum Shape { case integer, decimal }

    /// The shape of `bytes` if they are exactly one JSON number; otherwise `nil`.
    static func shape(of bytes: [UInt8]) -> Shape? {
        var index = 0
        func digit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digit(index) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while digit(index) { index += 1 }
        }
        var shape = Shape.integer
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digit(index) else { return nil }
            while digit(index) { index += 1 }
            shape = .decimal
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digit(index) else { return nil }
            while digit(index) { index += 1 }
            shape = .decimal
        }
        return index == bytes.count ? shape : nil
    }
}
