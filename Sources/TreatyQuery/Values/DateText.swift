import TreatyCalendar

/// Reads and writes dates as text, at millisecond precision.
///
/// Reading accepts RFC 3339 and its relatives: `2025-03-04`, `2025-03-04T05:06`,
/// `2025-03-04 05:06:07.089Z` (a space for the `T`), `2025-03-04T05:06:07.0891+02:00`. A missing zone means
/// UTC; digits after the millisecond round to the nearest millisecond (as ObjectBox does).
public enum DateText {
    /// Milliseconds since 1970 for a date text, or `nil` when `text` is not one.
    ///
    /// - Parameter text: The text to read.
    /// - Returns: Milliseconds since 1970-01-01T00:00:00Z, or `nil`.
    public static func milliseconds(_ text: String) -> Int64? {
        var reader = Reader(bytes: Array(text.utf8))
        return reader.read()
    }

    /// The date written in RFC 3339 with milliseconds, `2025-03-04T05:06:07.089Z`.
    ///
    /// RFC 3339 allows a space between the date and the time, as some backends store dates
    /// (`2025-03-04 05:06:07.089Z`).
    ///
    /// - Parameters:
    ///   - milliseconds: Milliseconds since 1970 (UTC).
    ///   - separator: What separates the date and the time: `T` (the default) or a space.
    /// - Returns: The date text.
    public static func iso8601(_ milliseconds: Int64, separator: String = "T") -> String {
        CivilDateTime(millisecondsSinceEpoch: milliseconds).text(separator: separator)
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func number(digits count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += count
            return value
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func read() -> Int64? {
            guard let year = number(digits: 4), take(0x2D), let month = number(digits: 2), take(0x2D),
                let day = number(digits: 2)
            else { return nil }
            let date = CivilDate(year: Int(year), month: Int(month), day: Int(day))
            guard date.isValid else { return nil }
            var milliseconds = Int64(date.daysSinceEpoch) * 86_400_000
            guard index < bytes.count else { return milliseconds }
            guard take(0x54) || take(0x74) || take(0x20), let hour = number(digits: 2), take(0x3A),
                let minute = number(digits: 2), hour < 24, minute < 60
            else { return nil }
            milliseconds += hour * 3_600_000 + minute * 60_000
            if take(0x3A) {
                guard let second = number(digits: 2), second < 61 else { return nil }
                milliseconds += second * 1000
                if take(0x2E) {
                    guard let fraction = readFraction() else { return nil }
                    milliseconds += fraction
                }
            }
            guard let offset = readZone() else { return nil }
            return milliseconds - offset
        }

        /// The fraction after the decimal point, rounded to the nearest millisecond.
        mutating func readFraction() -> Int64? {
            let start = index
            var milliseconds: Int64 = 0
            var digits = 0
            var roundUp = false
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                let digit = Int64(bytes[index] - 0x30)
                if digits < 3 {
                    milliseconds = milliseconds * 10 + digit
                } else if digits == 3 {
                    roundUp = digit >= 5
                }
                digits += 1
                index += 1
            }
            guard index > start else { return nil }
            for _ in digits..<max(digits, 3) { milliseconds *= 10 }
            return milliseconds + (roundUp ? 1 : 0)
        }

        /// The zone's offset from UTC in milliseconds; `0` for `Z` or no zone.
        mutating func readZone() -> Int64? {
            if index == bytes.count || take(0x5A) || take(0x7A) {
                return index == bytes.count ? 0 : nil
            }
            let negative: Bool
            if take(0x2B) {
                negative = false
            } else if take(0x2D) {
                negative = true
            } else {
                return nil
            }
            guard let hours = number(digits: 2), hours < 24 else { return nil }
            _ = take(0x3A)
            guard let minutes = number(digits: 2), minutes < 60, index == bytes.count else { return nil }
            let offset = (hours * 60 + minutes) * 60_000
            return negative ? -offset : offset
        }
    }
}
