/// A day of the proleptic Gregorian calendar, converted to and from days since 1970-01-01.
///
/// The conversions are Howard Hinnant's `days_from_civil` and `civil_from_days`: integer
/// arithmetic only, no `Calendar`, no locale and no time zone, exact for every year an `Int`
/// can count.
///
/// ```swift
/// CivilDate(year: 2025, month: 3, day: 1).daysSinceEpoch  // 20148
/// CivilDate(daysSinceEpoch: -1)                          // 1969-12-31
/// ```
public struct CivilDate: Sendable, Hashable {
    /// The year; 0 is 1 BC.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int

    /// Creates a date from its fields, without checking them (see ``isValid``).
    ///
    /// - Parameters:
    ///   - year: The year; 0 is 1 BC.
    ///   - month: The month, 1 to 12.
    ///   - day: The day of the month.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (before it when negative).
    ///
    /// - Parameter days: Days since 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether the month is 1 to 12 and the day exists in it.
    public var isValid: Bool {
        (1...12).contains(month) && (1...Self.daysIn(month: month, of: year)).contains(day)
    }

    /// The number of days in `month` of `year` (31 for a month outside 1 to 12).
    ///
    /// - Parameters:
    ///   - month: The month, 1 to 12.
    ///   - year: The year, which decides February.
    /// - Returns: 28 to 31.
    public static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
