/// Where strings and values end in JSON text, found by scanning bytes without parsing them: for
/// the readers that only skip (locating a pointer for a diagnostic, masking secret members in a
/// body). Truncated or malformed text ends its last span at the end of the text.
package enum JSONTextSpans {
    /// The index just after the string starting at `start` (a quote), or the end of the text.
    package static func stringEnd(_ text: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return text.count
    }

    /// The index just after the value starting at `start`: a string, a whole object or array,
    /// or a number or literal.
    package static func valueEnd(_ text: [UInt8], from start: Int) -> Int {
        guard start < text.count else { return start }
        switch text[start] {
        case UInt8(ascii: "\""):
            return stringEnd(text, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < text.count {
                switch text[index] {
                case UInt8(ascii: "\""):
                    index = stringEnd(text, from: index)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return text.count
        default:
            var index = start
            while index < text.count, !isSpace(text[index]), text[index] != UInt8(ascii: ","),
                text[index] != UInt8(ascii: "}"), text[index] != UInt8(ascii: "]")
            {
                index += 1
            }
            return index
        }
    }

    /// The index of the first byte at or after `start` that is not JSON whitespace.
    package static func skipSpace(_ text: [UInt8], from start: Int) -> Int {
        var index = start
        while index < text.count, isSpace(text[index]) { index += 1 }
        return index
    }

    /// Whether `byte` is JSON whitespace (space, tab, line feed, carriage return).
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
