/// An RFC 6901 JSON Pointer such as `/items/0/watcher_ids`.
///
/// Every diagnostic in Treaty names the value it is about with a pointer. Tokens are kept
/// unescaped; ``description`` writes them with `~0` for `~` and `~1` for `/`.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped.
    public private(set) var tokens: [String]

    /// The pointer to the whole document (the empty string).
    public static let root = JSONPointer(tokens: [])

    /// Creates a pointer from unescaped tokens.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses a pointer in RFC 6901 string form.
    ///
    /// - Throws: ``JSONPointerError`` when the text does not start with `/` (and is not empty)
    ///   or has a `~` not followed by `0` or `1`.
    public init(parsing text: String) throws(JSONPointerError) {
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else { throw JSONPointerError(text: text, reason: .missingLeadingSlash) }
        var parsed: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                guard character == "~" else {
                    token.append(character)
                    continue
                }
                switch iterator.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: throw JSONPointerError(text: text, reason: .invalidEscape)
                }
            }
            parsed.append(token)
        }
        tokens = parsed
    }

    /// The pointer with `key` appended.
    public func appending(_ key: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [key])
    }

    /// The pointer with an array index appended.
    public func appending(index: Int) -> JSONPointer {
        JSONPointer(tokens: tokens + [String(index)])
    }

    /// The pointer without its last token; the root is its own parent.
    public var parent: JSONPointer {
        JSONPointer(tokens: Array(tokens.dropLast()))
    }

    /// The RFC 6901 string form, e.g. `/items/0/a~1b`.
    public var description: String {
        var text = ""
        for token in tokens {
            text.append("/")
            for character in token {
                switch character {
                case "~": text.append("~0")
                case "/": text.append("~1")
                default: text.append(character)
                }
            }
        }
        return text
    }

    /// The value this pointer designates in `document`, or `nil` when it designates nothing.
    ///
    /// An array token must be a decimal index without leading zeros; `-` designates nothing.
    public func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Self.arrayIndex(token), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    private static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, first != UInt8(ascii: "0") || token.utf8.count == 1 else { return nil }
        guard token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(token)
    }
}

extension JSONValue {
    /// The value `pointer` designates in this document, or `nil`.
    public subscript(pointer pointer: JSONPointer) -> JSONValue? {
        pointer.resolve(in: self)
    }
}

/// A JSON Pointer string that does not follow RFC 6901.
public struct JSONPointerError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Reason: Sendable, Hashable {
        case missingLeadingSlash
        case invalidEscape
    }

    /// The text that failed to parse.
    public let text: String
    let reason: Reason

    public var description: String {
        switch reason {
        case .missingLeadingSlash:
            "invalid JSON pointer '\(text)': a non-empty pointer starts with '/'"
        case .invalidEscape:
            "invalid JSON pointer '\(text)': '~' must be followed by '0' (for '~') or '1' (for '/')"
        }
    }
}
