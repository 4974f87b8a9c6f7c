import Foundation
import TreatyCalendar

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
        let lowest = epochSeconds(year: 1, month: 1, day: 1)
        let highest = epochSeconds(year: 9999, month: 12, day: 31) + 86_399
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
        return CivilDateTime(millisecondsSinceEpoch: Int64(seconds) * 1000).text(fractionDigits: 0, zone: "")
    }

    private static func epochSeconds(year: Int, month: Int, day: Int) -> Int {
        CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400
    }
}
