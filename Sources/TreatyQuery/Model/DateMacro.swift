import TreatyCalendar

/// A value computed from the evaluation clock (``QueryEnvironment/now``), in UTC:
/// `@now` … `@yearEnd` (dates) and `@second` … `@year` (integers).
public enum DateMacro: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The clock reading.
    case now
    /// 24 hours before now.
    case yesterday
    /// 24 hours after now.
    case tomorrow
    /// Midnight starting today.
    case todayStart
    /// The last millisecond of today.
    case todayEnd
    /// Midnight starting the first of this month.
    case monthStart
    /// The last millisecond of this month.
    case monthEnd
    /// Midnight starting January 1 of this year.
    case yearStart
    /// The last millisecond of this year.
    case yearEnd
    /// The second of the minute, 0–59.
    case second
    /// The minute of the hour, 0–59.
    case minute
    /// The hour of the day, 0–23.
    case hour
    /// The day of the week, Sunday = 0.
    case weekday
    /// The day of the month, 1–31.
    case day
    /// The month, January = 1.
    case month
    /// The year.
    case year

    /// Whether the macro is a date (the others are integers).
    public var isDate: Bool {
        switch self {
        case .second, .minute, .hour, .weekday, .day, .month, .year: false
        default: true
        }
    }

    /// The macro as text, `@now`.
    public var description: String { "@" + rawValue }

    /// The macro's value at `now`: epoch milliseconds for dates; otherwise the calendar number
    /// (`weekday` counts from Sunday = 0, `month` from January = 1).
    ///
    /// - Parameter now: The clock reading, in milliseconds since 1970 (UTC).
    /// - Returns: Milliseconds since 1970 for a date macro, else the calendar number.
    public func value(now: Int64) -> Int64 {
        let day = 86_400_000 as Int64
        let days = now.floorDivided(by: day)
        let civil = CivilDate(daysSinceEpoch: Int(days))
        func start(year: Int, month: Int) -> Int64 {
            Int64(CivilDate(year: year, month: month, day: 1).daysSinceEpoch) &* day
        }
        switch self {
        case .now: return now
        case .yesterday: return now &- day
        case .tomorrow: return now &+ day
        case .todayStart: return days &* day
        case .todayEnd: return days &* day &+ day &- 1
        case .monthStart: return start(year: civil.year, month: civil.month)
        case .monthEnd:
            let next = civil.month == 12 ? (civil.year + 1, 1) : (civil.year, civil.month + 1)
            return start(year: next.0, month: next.1) &- 1
        case .yearStart: return start(year: civil.year, month: 1)
        case .yearEnd: return start(year: civil.year &+ 1, month: 1) &- 1
        case .second: return now.floorDivided(by: 1000).floorModulo(60)
        case .minute: return now.floorDivided(by: 60_000).floorModulo(60)
        case .hour: return now.floorDivided(by: 3_600_000).floorModulo(24)
        case .weekday: return (days + 4).floorModulo(7)
        case .day: return Int64(civil.day)
        case .month: return Int64(civil.month)
        case .year: return Int64(civil.year)
        }
    }
}
