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
        guard let timestamp = RFC3339Timestamp.parse(text, grammar: grammar) else { return nil }
        let rounding: Int64 = timestamp.nanosecond % 1_000_000 >= 500_000 ? 1 : 0
        return timestamp.millisecondsSinceEpoch + rounding
    }

    /// The relatives of RFC 3339 ``milliseconds(_:)`` reads.
    private static let grammar: RFC3339Timestamp.Grammar = [
        .lowercase, .spaceSeparator, .dateOnly, .missingZone, .compactOffset, .omittedSeconds,
    ]

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
}
