/// Finds where a JSON pointer's value starts in the source text, for diagnostics.
///
/// The text has already been parsed by `JSONParser`, so the scanner can assume valid JSON and
/// only skips what it does not need. For an object member it reports the position of the key,
/// which is where a reader looks first. Columns count Unicode scalars, as TreatyCore's
/// `SourceSnippet` expects.
public struct JSONSourceLocator: Sendable {
    private let bytes: [UInt8]

    /// Creates a locator over `text`, which must be valid JSON.
    public init(text: String) { bytes = Array(text.utf8) }

    /// The 1-based line and column of the value (or member key) at `pointer`, or `nil` when
    /// the pointer does not resolve.
    public func position(of pointer: JSONPointer) -> (line: Int, column: Int)? {
        var index = JSONTextSpans.skipSpace(bytes, from: 0)
        var keyOffset: Int?
        for token in pointer.tokens {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard let found = member(named: token, inObjectAt: index) else { return nil }
                keyOffset = found.key
                index = found.value
            case UInt8(ascii: "["):
                guard let position = Int(token), let found = element(position, inArrayAt: index) else { return nil }
                keyOffset = nil
                index = found
            default:
                return nil
            }
        }
        return lineAndColumn(of: keyOffset ?? index)
    }

    private func member(named name: String, inObjectAt start: Int) -> (key: Int, value: Int)? {
        var index = JSONTextSpans.skipSpace(bytes, from: start + 1)
        while index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let keyStart = index
            let (key, afterKey) = readString(from: index)
            index = JSONTextSpans.skipSpace(bytes, from: afterKey)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            let valueStart = JSONTextSpans.skipSpace(bytes, from: index + 1)
            if key == name { return (keyStart, valueStart) }
            index = JSONTextSpans.skipSpace(bytes, from: JSONTextSpans.valueEnd(bytes, from: valueStart))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index = JSONTextSpans.skipSpace(bytes, from: index + 1)
        }
        return nil
    }

    private func element(_ position: Int, inArrayAt start: Int) -> Int? {
        var index = JSONTextSpans.skipSpace(bytes, from: start + 1)
        var current = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
            if current == position { return index }
            index = JSONTextSpans.skipSpace(bytes, from: JSONTextSpans.valueEnd(bytes, from: index))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index = JSONTextSpans.skipSpace(bytes, from: index + 1)
            current += 1
        }
        return nil
    }

    /// The decoded string starting at the quote at `start`, and the index after its closing
    /// quote. Escapes other than `\"` and `\\` are kept raw; keys that need them are rare
    /// enough not to matter for locating.
    private func readString(from start: Int) -> (String, end: Int) {
        var index = start + 1
        var decoded: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next == UInt8(ascii: "/") {
                    decoded.append(next)
                } else {
                    decoded += [bytes[index], next]
                }
                index += 2
                continue
            }
            decoded.append(bytes[index])
            index += 1
        }
        return (String(decoding: decoded, as: UTF8.self), index + 1)
    }

    private func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < min(offset, bytes.count) {
            if bytes[index] == 10 {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}
