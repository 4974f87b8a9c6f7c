/// Percent-decoding of URL components, keeping malformed escapes as they are.
public enum PercentDecoding {
    /// `text` with each valid `%XX` replaced by its byte (invalid UTF-8 is repaired).
    public static func decode(_ text: some StringProtocol) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2, let high = hex(iterator[iterator.startIndex]),
                let low = hex(iterator[iterator.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with each valid `%XX` replaced by its byte: the same as the generic form,
    /// compiled for path segments, which rarely hold a `%`.
    public static func decode(_ text: Substring) -> String {
        var hasEscape = false
        for byte in text.utf8 where byte == UInt8(ascii: "%") {
            hasEscape = true
            break
        }
        return hasEscape ? decode(String(text)) : String(text)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
