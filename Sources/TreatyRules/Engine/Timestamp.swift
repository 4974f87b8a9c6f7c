import TreatyCalendar

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
            let date = CivilDate(year: Int(number(0..<4)), month: Int(number(5..<7)), day: Int(number(8..<10)))
            let days = Int64(date.daysSinceEpoch)
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
}
