/// RFC 3339 timestamps as milliseconds since 1970, for comparing values written differently.
enum Timestamp {
    /// Whether timestamp `lhs` names an earlier instant than `rhs`; `false` when either is not a
    /// timestamp. Two UTC millisecond timestamps (the common case) compare as text.
    static func isEarlier(_ lhs: String, than rhs: String) -> Bool {
        if ValueFormats.isMillisecondTimestamp(lhs), ValueFormats.isMillisecondTimestamp(rhs) {
            return ByteOrder.precedes(lhs, rhs)
        }
        guard let left = milliseconds(lhs), let right = milliseconds(rhs) else { return false }
        return left < right
    }

    /// The instant `text` names, in milliseconds since 1970-01-01T00:00:00Z, or `nil` when it
    /// is not an RFC 3339 timestamp.
    static func milliseconds(_ text: String) -> Int64? {
        ValueFormats.withBytes(text) { b -> Int64? in
            guard let zone = ValueFormats.timestampZoneStart(b) else { return nil }
            func number(_ range: Range<Int>) -> Int64 {
                var value: Int64 = 0
                for index in range { value = value * 10 + Int64(b[index] &- 48) }
                return value
            }
            let days = daysSinceEpoch(year: number(0..<4), month: number(5..<7), day: number(8..<10))
            var ms = ((days * 24 + number(11..<13)) * 60 + number(14..<16)) * 60_000 + number(17..<19) * 1000
            var scale: Int64 = 100
            var index = 20
            while index < zone, scale > 0 {
                ms += Int64(b[index] &- 48) * scale
                scale /= 10
                index += 1
            }
            if b[zone] != UInt8(ascii: "Z") {
                let offset = (number((zone + 1)..<(zone + 3)) * 60 + number((zone + 4)..<(zone + 6))) * 60_000
                ms += b[zone] == UInt8(ascii: "+") ? -offset : offset
            }
            return ms
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
