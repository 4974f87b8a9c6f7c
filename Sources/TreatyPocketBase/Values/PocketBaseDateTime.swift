import TreatyCalendar

/// An instant as PocketBase stores it: UTC, written `2025-03-04 05:06:07.089Z`.
///
/// PocketBase keeps nanoseconds while comparing (date `min`/`max` checks) but writes
/// milliseconds, truncated. ``init(parsing:)`` accepts what PocketBase's `types.DateTime`
/// accepts on writes; ``description`` is the stored and returned form.
///
/// ```swift
/// PocketBaseDateTime(parsing: "2024-05-06T07:08:09.5+02:00")?.description
/// // "2024-05-06 05:08:09.500Z"
/// ```
struct PocketBaseDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01 00:00:00 UTC.
    let seconds: Int64
    /// Nanoseconds within the second, `0..<1_000_000_000`.
    let nanoseconds: Int32

    /// Creates an instant from seconds since the Unix epoch and nanoseconds within the second.
    ///
    /// - Parameters:
    ///   - seconds: Whole seconds since 1970-01-01 00:00:00 UTC.
    ///   - nanoseconds: Extra nanoseconds; values outside `0..<1_000_000_000` carry into
    ///     `seconds`.
    init(seconds: Int64, nanoseconds: Int64 = 0) {
        let carry = nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : (nanoseconds - 999_999_999) / 1_000_000_000
        self.seconds = seconds + carry
        self.nanoseconds = Int32(nanoseconds - carry * 1_000_000_000)
    }

    /// Creates an instant from calendar fields in UTC.
    ///
    /// - Parameters:
    ///   - year: The year, such as 2025.
    ///   - month: 1 to 12.
    ///   - day: 1 to 31.
    ///   - hour: 0 to 23.
    ///   - minute: 0 to 59.
    ///   - second: 0 to 59.
    ///   - nanosecond: Nanoseconds within the second.
    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) {
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let total = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
        self.init(seconds: total, nanoseconds: Int64(nanosecond))
    }

    /// Go's zero time (0001-01-01 00:00:00 UTC), which PocketBase treats as "no date" and
    /// writes as `""`.
    static let goZero = PocketBaseDateTime(year: 1, month: 1, day: 1)

    /// Whether this is Go's zero time, which PocketBase writes as an empty string.
    var isZero: Bool { self == Self.goZero }

    /// The stored form, `2025-03-04 05:06:07.089Z` (milliseconds truncated), or `""` for
    /// ``goZero``.
    var description: String {
        guard !isZero else { return "" }
        return wholeSeconds(separator: " ") + "." + CivilDateTime.pad(Int(nanoseconds) / 1_000_000, 3) + "Z"
    }

    /// Go's `time.Time.String()` of this instant in UTC, `2020-01-01 00:00:00 +0000 UTC`
    /// (fraction only when not zero), as PocketBase's date range messages quote it.
    var goDescription: String {
        wholeSeconds(separator: " ") + fraction + " +0000 UTC"
    }

    /// RFC 3339 with as many fraction digits as needed, `2020-01-01T00:00:00Z`, as Go encodes a
    /// `time.Time` in JSON (the `threshold` parameter of range errors).
    var rfc3339: String {
        wholeSeconds(separator: "T") + fraction + "Z"
    }

    static func < (lhs: PocketBaseDateTime, rhs: PocketBaseDateTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// `.5`, `.123456789` or `""`: the nanoseconds without trailing zeros.
    private var fraction: String {
        guard nanoseconds != 0 else { return "" }
        var digits = CivilDateTime.pad(Int(nanoseconds), 9)
        while digits.hasSuffix("0") { digits.removeLast() }
        return "." + digits
    }

    /// `2020-01-01 00:00:00`: date and time to the second, no zone.
    private func wholeSeconds(separator: String) -> String {
        CivilDateTime(millisecondsSinceEpoch: seconds * 1000).text(separator: separator, fractionDigits: 0, zone: "")
    }
}
