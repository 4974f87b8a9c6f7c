/// Why and where a document is not strict RFC 8259 JSON.
///
/// Every failure of ``JSONParser`` is a `JSONParseError`. ``message`` says what is wrong in one
/// line, ``code`` is a stable identifier for tools and tests, ``position`` says where, and
/// ``description`` joins them as `line L, column C (byte O): message`.
///
/// The reasons are kept internal so that new ones can be added without breaking clients;
/// switch on ``code`` when a program must tell them apart.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Reason: Sendable, Hashable {
        case emptyDocument
        case unexpectedEnd(expected: String)
        case unexpectedCharacter(String, expected: String)
        case invalidUTF8(byte: UInt8)
        case unpairedHighSurrogate(UInt16)
        case unpairedLowSurrogate(UInt16)
        case invalidEscape(String)
        case invalidUnicodeEscape
        case controlCharacter(UInt8)
        case invalidNumber(String, problem: String)
        case nonFiniteNumber(String)
        case trailingData(String)
        case tooDeep(limit: Int)
        case documentTooLarge(size: Int, limit: Int)
        case duplicateKey(String)
    }

    let reason: Reason

    /// Where the problem is: the first byte that could not be accepted.
    public let position: JSONSourcePosition

    init(_ reason: Reason, at position: JSONSourcePosition) {
        self.reason = reason
        self.position = position
    }

    /// What is wrong, in one line and without the position.
    ///
    /// For example `unexpected end of input, expected ',' or ']' after an array element`.
    public var message: String {
        switch reason {
        case .emptyDocument:
            "the document is empty (expected a JSON value)"
        case .unexpectedEnd(let expected):
            "unexpected end of input, \(expected)"
        case .unexpectedCharacter(let character, let expected):
            "unexpected \(character), \(expected)"
        case .invalidUTF8(let byte):
            "invalid UTF-8: byte \(JSONParseError.hex(byte)) does not start a valid sequence"
        case .unpairedHighSurrogate(let unit):
            "unpaired surrogate escape \\u\(JSONParseError.hex4(unit)): a high surrogate must be followed by a low surrogate escape (\\uDC00-\\uDFFF)"
        case .unpairedLowSurrogate(let unit):
            "unpaired surrogate escape \\u\(JSONParseError.hex4(unit)): a low surrogate must follow a high surrogate escape (\\uD800-\\uDBFF)"
        case .invalidEscape(let escape):
            "invalid escape \(escape) in a string"
        case .invalidUnicodeEscape:
            "invalid escape in a string: '\\u' must be followed by four hex digits"
        case .controlCharacter(let byte):
            "unescaped control character \(JSONParseError.hex(byte)) in a string (write it as \(JSONParseError.escape(for: byte)))"
        case .invalidNumber(let text, let problem):
            "invalid number '\(text)': \(problem)"
        case .nonFiniteNumber(let text):
            "'\(text)' is not JSON; write null or a string such as \"\(text)\" instead"
        case .trailingData(let character):
            "unexpected \(character) after the end of the JSON value"
        case .tooDeep(let limit):
            "nesting deeper than \(limit) levels (the limit)"
        case .documentTooLarge(let size, let limit):
            "the document is \(size) bytes, larger than the limit of \(limit) bytes"
        case .duplicateKey(let key):
            "duplicate key \(key) in an object"
        }
    }

    /// A stable identifier of the kind of failure, such as `json.invalid-utf8`.
    ///
    /// One of `json.empty-document`, `json.unexpected-end`, `json.unexpected-character`,
    /// `json.invalid-utf8`, `json.unpaired-surrogate`, `json.invalid-escape`,
    /// `json.control-character`, `json.invalid-number`, `json.non-finite-number`,
    /// `json.trailing-data`, `json.too-deep`, `json.document-too-large` and
    /// `json.duplicate-key`. Codes are never renamed; new ones may be added.
    public var code: String {
        switch reason {
        case .emptyDocument: "json.empty-document"
        case .unexpectedEnd: "json.unexpected-end"
        case .unexpectedCharacter: "json.unexpected-character"
        case .invalidUTF8: "json.invalid-utf8"
        case .unpairedHighSurrogate, .unpairedLowSurrogate: "json.unpaired-surrogate"
        case .invalidEscape, .invalidUnicodeEscape: "json.invalid-escape"
        case .controlCharacter: "json.control-character"
        case .invalidNumber: "json.invalid-number"
        case .nonFiniteNumber: "json.non-finite-number"
        case .trailingData: "json.trailing-data"
        case .tooDeep: "json.too-deep"
        case .documentTooLarge: "json.document-too-large"
        case .duplicateKey: "json.duplicate-key"
        }
    }

    /// The failure as `line L, column C (byte O): message`.
    public var description: String {
        "\(position): \(message)"
    }
}

extension JSONParseError {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `0xNN` in upper-case hex.
    static func hex(_ byte: UInt8) -> String {
        String(decoding: [UInt8(ascii: "0"), UInt8(ascii: "x"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]], as: UTF8.self)
    }

    /// Four upper-case hex digits.
    static func hex4(_ unit: UInt16) -> String {
        String(decoding: [12, 8, 4, 0].map { hexDigits[Int((unit >> $0) & 0xF)] }, as: UTF8.self)
    }

    /// The escape to suggest for a raw control character.
    static func escape(for byte: UInt8) -> String {
        switch byte {
        case 0x08: "\\b"
        case 0x09: "\\t"
        case 0x0A: "\\n"
        case 0x0C: "\\f"
        case 0x0D: "\\r"
        default: "\\u00" + String(decoding: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]], as: UTF8.self).lowercased()
        }
    }
}
