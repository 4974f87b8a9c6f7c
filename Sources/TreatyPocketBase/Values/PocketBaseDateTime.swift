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
public struct PocketBaseDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01 00:00:00 UTC.
    public let seconds: Int64
    /// Nanoseconds within the second, `0..<1_000_000_000`.
    public let nanoseconds: Int32

    /// Creates an instant from seconds since the Unix epoch and nanoseconds within the second.
    ///
    /// - Parameters:
    ///   - seconds: Whole seconds since 1970-01-01 00:00:00 UTC.
    ///   - nanoseconds: Extra nanoseconds; values outside `0..<1_000_000_000` carry into
    ///     `seconds`.
    public init(seconds: Int64, nanoseconds: Int64 = 0) {
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
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) {
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let total = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
        self.init(seconds: total, nanoseconds: Int64(nanosecond))
    }

    /// Go's zero time (0001-01-01 00:00:00 UTC), which PocketBase treats as "no date" and
    /// writes as `""`.
    public static let goZero = PocketBaseDateTime(year: 1, month: 1, day: 1)

    /// Whether this is Go's zero time, which PocketBase writes as an empty string.
    public var isZero: Bool { self == Self.goZero }

    /// The stored form, `2025-03-04 05:06:07.089Z` (milliseconds truncated), or `""` for
    /// ``goZero``.
    public var description: String {
        guard !isZero else { return "" }
        let parts = civil
        let millis = Int(nanoseconds) / 1_000_000
        return "\(Self.pad(parts.year, 4))-\(Self.pad(parts.month))-\(Self.pad(parts.day)) "
            + "\(Self.pad(parts.hour)):\(Self.pad(parts.minute)):\(Self.pad(parts.second)).\(Self.pad(millis, 3))Z"
    }

    /// Go's `time.Time.String()` of this instant in UTC, `2020-01-01 00:00:00 +0000 UTC`
    /// (fraction only when not zero), as PocketBase's date range messages quote it.
    public var goDescription: String {
        let parts = civil
        return "\(Self.pad(parts.year, 4))-\(Self.pad(parts.month))-\(Self.pad(parts.day)) "
            + "\(Self.pad(parts.hour)):\(Self.pad(parts.minute)):\(Self.pad(parts.second))\(fraction) +0000 UTC"
    }

    /// RFC 3339 with as many fraction digits as needed, `2020-01-01T00:00:00Z`, as Go encodes a
    /// `time.Time` in JSON (the `threshold` parameter of range errors).
    public var rfc3339: String {
        let parts = civil
        return "\(Self.pad(parts.year, 4))-\(Self.pad(parts.month))-\(Self.pad(parts.day))T"
            + "\(Self.pad(parts.hour)):\(Self.pad(parts.minute)):\(Self.pad(parts.second))\(fraction)Z"
    }

    public static func < (lhs: PocketBaseDateTime, rhs: PocketBaseDateTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// `.5`, `.123456789` or `""`: the nanoseconds without trailing zeros.
    private var fraction: String {
        guard nanoseconds != 0 else { return "" }
        var digits = Self.pad(Int(nanoseconds), 9)
        while digits.hasSuffix("0") { digits.removeLast() }
        return "." + digits
    }

    private var civil: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let date = CivilCalendar.date(days: Int(days))
        return (date.year, date.month, date.day, secondOfDay / 3_600, secondOfDay % 3_600 / 60, secondOfDay % 60)
    }

    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

/// Proleptic Gregorian calendar arithmetic (Howard Hinnant's day-count algorithms).
enum CivilCalendar {
    /// Days since 1970-01-01 of a calendar date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date `days` days after 1970-01-01.
    static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in a month.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
