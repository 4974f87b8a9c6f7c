import Foundation

/// The `time` and `timestamp` formats of JUnit XML.
///
/// Both are computed with integer arithmetic, never with a locale or a `Double` description, so
/// they never contain an exponent, a comma or a minus sign.
enum JUnitTime {
    /// Seconds with exactly three decimals from whole milliseconds: `1234` → `1.234`.
    /// Negative durations are written as `0.000`.
    static func seconds(fromMilliseconds milliseconds: Int) -> String {
        let clamped = max(0, milliseconds)
        let fraction = clamped % 1000
        let padded = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(clamped / 1000).\(padded)"
    }

    /// Whole milliseconds from a `time` attribute; lenient about what other tools write.
    ///
    /// Accepts plain decimals, exponents and Surefire's thousands separators (`1,234.5`);
    /// anything unreadable, negative or not finite reads as 0.
    static func milliseconds(fromSeconds text: String) -> Int {
        let digits = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "")
        guard let seconds = Double(digits), seconds.isFinite, seconds > 0 else { return 0 }
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds < Double(Int.max / 2) else { return Int.max / 2 }
        return Int(milliseconds)
    }

    /// `YYYY-MM-DDThh:mm:ss` in UTC, sub-seconds dropped; clamped to the years 0001–9999.
    static func timestamp(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let lowest = CivilDate.epochSeconds(year: 1, month: 1, day: 1)
        let highest = CivilDate.epochSeconds(year: 9999, month: 12, day: 31) + 86_399
        let seconds: Int
        if interval.isNaN {
            seconds = 0
        } else if interval <= Double(lowest) {
            seconds = lowest
        } else if interval >= Double(highest) {
            seconds = highest
        } else {
            seconds = Int(interval.rounded(.down))
        }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let date = CivilDate(daysSinceEpoch: days)
        return pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2) + "T"
            + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A proleptic Gregorian calendar date, converted to and from days since 1970-01-01 with Howard
/// Hinnant's `civil_from_days`/`days_from_civil` algorithms (no `Calendar`, no time zones).
struct CivilDate: Hashable {
    var year: Int
    var month: Int
    var day: Int

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Seconds since 1970-01-01T00:00:00Z at the start of the given day.
    static func epochSeconds(year: Int, month: Int, day: Int) -> Int {
        CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400
    }

    /// The number of days in the month.
    var daysInMonth: Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
