/// A UTC instant at millisecond precision, split into its calendar date and time of day, and
/// written in the RFC 3339 family of forms the backends use.
///
/// ```swift
/// let instant = CivilDateTime(millisecondsSinceEpoch: 1_735_722_000_089)
/// instant.text()                                      // "2025-01-01T09:00:00.089Z" (rest-sync)
/// instant.text(separator: " ")                        // "2025-01-01 09:00:00.089Z" (PocketBase)
/// instant.text(fractionDigits: 0, zone: "")           // "2025-01-01T09:00:00"      (JUnit)
/// ```
public struct CivilDateTime: Sendable, Hashable {
    /// The calendar date in UTC.
    public var date: CivilDate
    /// Milliseconds since midnight UTC, `0..<86_400_000`.
    public var millisecondOfDay: Int

    /// Splits an instant into date and time of day.
    ///
    /// - Parameter milliseconds: Milliseconds since 1970-01-01T00:00:00Z (negative before it).
    public init(millisecondsSinceEpoch milliseconds: Int64) {
        let (days, rest) = Self.floorDivision(milliseconds, by: 86_400_000)
        date = CivilDate(daysSinceEpoch: Int(days))
        millisecondOfDay = Int(rest)
    }

    /// The hour, 0 to 23.
    public var hour: Int { millisecondOfDay / 3_600_000 }
    /// The minute, 0 to 59.
    public var minute: Int { millisecondOfDay / 60_000 % 60 }
    /// The second, 0 to 59.
    public var second: Int { millisecondOfDay / 1000 % 60 }
    /// The millisecond within the second, 0 to 999.
    public var millisecond: Int { millisecondOfDay % 1000 }

    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSinceEpoch: Int64 {
        Int64(date.daysSinceEpoch) * 86_400_000 + Int64(millisecondOfDay)
    }

    /// The instant as text: `2025-01-01T09:00:00.089Z` with the default arguments.
    ///
    /// Years are written with at least four digits, and a minus sign before year 0.
    ///
    /// - Parameters:
    ///   - separator: Between date and time: `"T"` (RFC 3339) or `" "` (PocketBase).
    ///   - fractionDigits: `3` for milliseconds, `0` for none.
    ///   - zone: Appended at the end: `"Z"`, or `""` for a zoneless local form.
    /// - Returns: The text.
    public func text(separator: String = "T", fractionDigits: Int = 3, zone: String = "Z") -> String {
        var text = Self.pad(date.year, 4) + "-" + Self.pad(date.month, 2) + "-" + Self.pad(date.day, 2) + separator
        text += Self.pad(hour, 2) + ":" + Self.pad(minute, 2) + ":" + Self.pad(second, 2)
        if fractionDigits > 0 {
            text += "." + Self.pad(millisecond, 3)
        }
        return text + zone
    }

    /// `value` with at least `width` digits, a minus sign in front when negative.
    public static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func floorDivision(_ value: Int64, by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
