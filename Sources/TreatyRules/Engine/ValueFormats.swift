import TreatyCalendar

/// Syntax checks for the string formats contracts name.
///
/// They read the string's UTF-8 bytes in place: the checker calls them several times per
/// record, so they must not allocate.
public enum ValueFormats {
    /// Whether `text` is a UUID in 8-4-4-4-12 hex form (either case).
    public static func isUUID(_ text: String) -> Bool {
        withBytes(text) { bytes in
            guard bytes.count == 36 else { return false }
            for index in 0..<36 {
                let byte = bytes[index]
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard byte == UInt8(ascii: "-") else { return false }
                } else {
                    guard isHex(byte) else { return false }
                }
            }
            return true
        }
    }

    /// Whether `text` is a UTC timestamp with exactly three fraction digits:
    /// `2025-01-01T09:00:00.000Z` (RS-MD-1).
    public static func isMillisecondTimestamp(_ text: String) -> Bool {
        withBytes(text) { b in
            guard b.count == 24, b[19] == UInt8(ascii: "."), b[23] == UInt8(ascii: "Z") else { return false }
            return RFC3339Timestamp.parse(b) != nil
        }
    }

    /// Whether `text` is an RFC 3339 timestamp, with or without a fraction, in UTC (`Z`) or with
    /// an offset.
    public static func isTimestamp(_ text: String) -> Bool {
        withBytes(text) { RFC3339Timestamp.parse($0) != nil }
    }

    /// Whether `text` is a calendar date `YYYY-MM-DD`.
    public static func isDate(_ text: String) -> Bool {
        withBytes(text) { $0.count == 10 && RFC3339Timestamp.parse($0, grammar: .dateOnly) != nil }
    }

    /// Calls `body` with the string's UTF-8 bytes, without copying native strings.
    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }
}
