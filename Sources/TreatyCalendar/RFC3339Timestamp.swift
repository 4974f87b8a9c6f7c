/// An RFC 3339 timestamp read from text: its calendar fields, its fraction to the nanosecond,
/// and its zone offset.
///
/// One parser serves every module that reads timestamps; each says with a ``Grammar`` which
/// relatives of RFC 3339 it also accepts, so rest-sync can insist on a zone while PocketBase
/// accepts a bare date.
///
/// ```swift
/// RFC3339Timestamp.parse("2025-01-01T10:00:00.5+01:00")?.millisecondsSinceEpoch  // 1735722000500
/// RFC3339Timestamp.parse("2025-01-01", grammar: [.dateOnly, .missingZone])?.hour  // 0
/// ```
public struct RFC3339Timestamp: Sendable, Hashable {
    /// The calendar date as written (before applying the offset).
    public var date: CivilDate
    /// The hour as written, 0 to 23.
    public var hour: Int
    /// The minute as written, 0 to 59.
    public var minute: Int
    /// The second as written, 0 to 60 (60 is a leap second).
    public var second: Int
    /// The fraction of the second in nanoseconds, `0..<1_000_000_000`; digits past the ninth
    /// are dropped.
    public var nanosecond: Int
    /// Seconds east of UTC, or `nil` when the text has no zone (read as UTC).
    public var offsetSeconds: Int?

    /// Creates a timestamp from its fields, without checking them.
    ///
    /// - Parameters:
    ///   - date: The calendar date as written.
    ///   - hour: The hour.
    ///   - minute: The minute.
    ///   - second: The second.
    ///   - nanosecond: The fraction in nanoseconds.
    ///   - offsetSeconds: Seconds east of UTC, or `nil` for none.
    public init(date: CivilDate, hour: Int, minute: Int, second: Int, nanosecond: Int, offsetSeconds: Int?) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
        self.offsetSeconds = offsetSeconds
    }

    /// Whole seconds since 1970-01-01T00:00:00Z, the offset applied (none counts as UTC).
    public var secondsSinceEpoch: Int64 {
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
        return local - Int64(offsetSeconds ?? 0)
    }

    /// Milliseconds since 1970-01-01T00:00:00Z, the offset applied and the fraction truncated.
    public var millisecondsSinceEpoch: Int64 {
        secondsSinceEpoch * 1000 + Int64(nanosecond / 1_000_000)
    }
}
