/// Syntax checks for the string formats contracts name.
public enum ValueFormats {
    /// Whether `text` is a UUID in 8-4-4-4-12 hex form (either case).
    public static func isUUID(_ text: String) -> Bool {
        var count = 0
        for (index, byte) in text.utf8.enumerated() {
            count += 1
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard isHex(byte) else { return false }
            }
        }
        return count == 36
    }

    /// Whether `text` is a UTC timestamp with exactly three fraction digits:
    /// `2025-01-01T09:00:00.000Z` (RS-MD-1).
    public static func isMillisecondTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z") else { return false }
        return isDateTimePrefix(bytes) && bytes[20..<23].allSatisfy(isDigit)
    }

    /// Whether `text` is an RFC 3339 timestamp, with or without a fraction, in UTC (`Z`) or with
    /// an offset.
    public static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, isDateTimePrefix(bytes) else { return false }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        let zone = bytes[index...]
        if zone.count == 1 { return zone.first == UInt8(ascii: "Z") }
        guard zone.count == 6, let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            return false
        }
        let z = Array(zone)
        return isDigit(z[1]) && isDigit(z[2]) && z[3] == UInt8(ascii: ":") && isDigit(z[4]) && isDigit(z[5])
    }

    /// Whether `text` is a calendar date `YYYY-MM-DD`.
    public static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && isDatePrefix(bytes)
    }

    private static func isDatePrefix(_ b: [UInt8]) -> Bool {
        guard b.count >= 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return false }
        guard [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ isDigit(b[$0]) }) else { return false }
        let month = Int(b[5] - 48) * 10 + Int(b[6] - 48)
        let day = Int(b[8] - 48) * 10 + Int(b[9] - 48)
        return (1...12).contains(month) && (1...31).contains(day)
    }

    private static func isDateTimePrefix(_ b: [UInt8]) -> Bool {
        guard b.count >= 19, isDatePrefix(b), b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"),
            b[16] == UInt8(ascii: ":")
        else { return false }
        guard [11, 12, 14, 15, 17, 18].allSatisfy({ isDigit(b[$0]) }) else { return false }
        let hour = Int(b[11] - 48) * 10 + Int(b[12] - 48)
        let minute = Int(b[14] - 48) * 10 + Int(b[15] - 48)
        let second = Int(b[17] - 48) * 10 + Int(b[18] - 48)
        return hour < 24 && minute < 60 && second < 61
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }
}
