import TreatyCalendar

/// UTC timestamps with milliseconds, as rest-sync writes them: `2025-01-01T09:00:00.000Z`.
public enum TimestampText {
    /// Milliseconds since 1970 for an RFC 3339 timestamp (fraction optional, zone required,
    /// `t` and `z` accepted), or `nil` when `text` is not one.
    public static func milliseconds(_ text: String) -> Int64? {
        RFC3339Timestamp.parse(text, grammar: .lowercase)?.millisecondsSinceEpoch
    }

    /// `2025-01-01T09:00:00.000Z` for `milliseconds` since 1970.
    public static func format(_ milliseconds: Int64) -> String {
        CivilDateTime(millisecondsSinceEpoch: milliseconds).text()
    }
}
