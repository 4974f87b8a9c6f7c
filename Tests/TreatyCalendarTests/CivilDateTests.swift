import Foundation
import Testing
import TreatyCalendar

@Suite struct CivilDateTests {
    @Test(
        "known days since 1970",
        arguments: [
            (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017),
            (2025, 3, 1, 20_148), (1, 1, 1, -719_162), (0, 3, 1, -719_468), (9999, 12, 31, 2_932_896),
        ])
    func knownDays(year: Int, month: Int, day: Int, days: Int) {
        let date = CivilDate(year: year, month: month, day: day)
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
    }

    @Test("days and dates round-trip across ±2,000 years, one day after another")
    func roundTrip() {
        var previous = CivilDate(daysSinceEpoch: -730_001)
        for days in -730_000...730_000 {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.isValid)
            #expect(date.daysSinceEpoch == days)
            let isNextDay =
                (date.year == previous.year && date.month == previous.month && date.day == previous.day + 1)
                || (date.day == 1 && previous.day == CivilDate.daysIn(month: previous.month, of: previous.year)
                    && (date.month == previous.month + 1 || (date.month == 1 && previous.month == 12 && date.year == previous.year + 1)))
            if !isNextDay {
                Issue.record("\(date) does not follow \(previous)")
                return
            }
            previous = date
        }
    }

    @Test("agrees with Foundation's Gregorian calendar from 1600 to 2400")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for days in stride(from: -135_140, through: 157_000, by: 997) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            #expect(CivilDate(daysSinceEpoch: days) == CivilDate(year: parts.year!, month: parts.month!, day: parts.day!))
        }
    }

    @Test(
        "February has 29 days in leap years only; a day must exist in its month",
        arguments: [
            (2000, 2, 29, true), (1900, 2, 29, false), (2024, 2, 29, true), (2025, 2, 29, false),
            (2025, 4, 31, false), (2025, 12, 31, true), (2025, 13, 1, false), (2025, 0, 1, false), (2025, 1, 0, false),
        ])
    func validity(year: Int, month: Int, day: Int, valid: Bool) {
        #expect(CivilDate(year: year, month: month, day: day).isValid == valid)
    }
}
