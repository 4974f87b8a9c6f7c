import TreatyJSON

/// Masks the values of secret members in JSON text without parsing it into values: the text
/// keeps its layout, number spellings and key order, and truncated or malformed JSON (a body
/// excerpt) is redacted as far as it goes.
enum JSONTextRedaction {
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let maskedValue = Array("\"\(SecretPolicy.mask)\"".utf8)

    static func redacted(_ text: [UInt8]) -> [UInt8] {
        guard text.contains(quote) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            guard text[index] == quote else {
                result.append(text[index])
                index += 1
                continue
            }
            let end = JSONTextSpans.stringEnd(text, from: index)
            result += text[index..<end]
            var colon = JSONTextSpans.skipSpace(text, from: end)
            guard colon < text.count, text[colon] == UInt8(ascii: ":"),
                isSecretKey(text[(index + 1)..<max(index + 1, end - 1)])
            else {
                index = end
                continue
            }
            colon += 1
            let valueStart = JSONTextSpans.skipSpace(text, from: colon)
            result += text[end..<valueStart]
            let valueEnd = JSONTextSpans.valueEnd(text, from: valueStart)
            if valueEnd > valueStart { result += maskedValue }
            index = valueEnd
        }
        return result
    }

    /// Whether a member name, given as the raw contents of its JSON string, is secret.
    private static func isSecretKey(_ contents: ArraySlice<UInt8>) -> Bool {
        contents.contains(backslash)
            ? SecretPolicy.isSecretKey(decodedString(contents)) : SecretPolicy.isSecretKey(utf8: contents)
    }

    /// The text of a JSON string's contents with its escapes decoded (lone surrogates dropped).
    private static func decodedString(_ contents: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var bytes: [UInt8] = []
        var index = contents.startIndex
        func flush() {
            scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
            bytes = []
        }
        while index < contents.endIndex {
            let byte = contents[index]
            guard byte == backslash, index + 1 < contents.endIndex else {
                bytes.append(byte)
                index += 1
                continue
            }
            let escaped = contents[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "u"):
                let hex = contents[index..<min(index + 4, contents.endIndex)]
                index += hex.count
                if let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(value)
                {
                    flush()
                    scalars.append(scalar)
                }
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            default: bytes.append(escaped)
            }
        }
        flush()
        return String(scalars)
    }
}
