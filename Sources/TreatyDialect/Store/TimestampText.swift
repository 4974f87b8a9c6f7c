import TreatyCalendar

/// UTC timestamps with milliseconds, as rest-sync writes them: `2025-01-01T09:00:00.000Z`.
public enum TimestampText {
    /// Milliseconds since 1970 for an RFC 3339 timestamp (fraction and offset optional), or
    /// `nil` when `text` is not one.
    public static func milliseconds(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x74, b[13] == 0x3A, b[16] == 0x3A
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                guard b[index] >= 0x30, b[index] <= 0x39 else { return nil }
                value = value * 10 + Int64(b[index] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 61
        else { return nil }
        let date = CivilDate(year: Int(year), month: Int(month), day: Int(day))
        guard date.isValid else { return nil }
        var index = 19
        var fraction: Int64 = 0
        if b[index] == 0x2E {
            index += 1
            var scale: Int64 = 100
            let start = index
            while index < b.count, b[index] >= 0x30, b[index] <= 0x39 {
                fraction += Int64(b[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset: Int64 = 0
        let zone = b[index...]
        if zone.count == 1, zone.first == 0x5A || zone.first == 0x7A {
            offset = 0
        } else if zone.count == 6, let sign = zone.first, sign == 0x2B || sign == 0x2D, b[index + 3] == 0x3A,
            let h = number((index + 1)..<(index + 3)), let m = number((index + 4)..<(index + 6))
        {
            offset = (h * 60 + m) * 60_000 * (sign == 0x2B ? 1 : -1)
        } else {
            return nil
        }
        let days = Int64(date.daysSinceEpoch)
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + fraction - offset
    }

    /// `2025-01-01T09:00:00.000Z` for `milliseconds` since 1970.
    public static func format(_ milliseconds: Int64) -> String {
        CivilDateTime(millisecondsSinceEpoch: milliseconds).text()
    }
}
