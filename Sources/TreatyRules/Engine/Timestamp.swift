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
        RFC3339Timestamp.parse(text)?.millisecondsSinceEpoch
    }
}
