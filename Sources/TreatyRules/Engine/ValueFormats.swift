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
            return isDateTimePrefix(b) && isDigit(b[20]) && isDigit(b[21]) && isDigit(b[22])
        }
    }

    /// Whether `text` is an RFC 3339 timestamp, with or without a fraction, in UTC (`Z`) or with
    /// an offset.
    public static func isTimestamp(_ text: String) -> Bool {
        withBytes(text) { RFC3339Timestamp.parse($0) != nil }
    }

    /// Whether `text` is a calendar date `YYYY-MM-DD`.
    public static func isDate(_ text: String) -> Bool {
        withBytes(text) { $0.count == 10 && isDatePrefix($0) }
    }

    /// Calls `body` with the string's UTF-8 bytes, without copying native strings.
    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    private static func isDatePrefix(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count >= 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return false }
        guard isDigit(b[0]), isDigit(b[1]), isDigit(b[2]), isDigit(b[3]), isDigit(b[5]), isDigit(b[6]), isDigit(b[8]),
            isDigit(b[9])
        else { return false }
        let month = Int(b[5] &- 48) * 10 + Int(b[6] &- 48)
        let day = Int(b[8] &- 48) * 10 + Int(b[9] &- 48)
        return (1...12).contains(month) && (1...31).contains(day)
    }

    private static func isDateTimePrefix(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count >= 19, isDatePrefix(b), b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"),
            b[16] == UInt8(ascii: ":")
        else { return false }
        guard isDigit(b[11]), isDigit(b[12]), isDigit(b[14]), isDigit(b[15]), isDigit(b[17]), isDigit(b[18]) else {
            return false
        }
        let hour = Int(b[11] &- 48) * 10 + Int(b[12] &- 48)
        let minute = Int(b[14] &- 48) * 10 + Int(b[15] &- 48)
        let second = Int(b[17] &- 48) * 10 + Int(b[18] &- 48)
        return hour < 24 && minute < 60 && second < 61
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }
}
