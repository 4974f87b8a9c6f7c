import Foundation
import TreatyCalendar

extension JUnitTime {
    /// Reads a `timestamp` attribute: `YYYY-MM-DDThh:mm:ss`, optionally with fractional seconds and
    /// `Z` or a `±hh:mm` offset. A zoneless timestamp is UTC. Returns `nil` when unreadable.
    static func date(fromTimestamp text: String) -> Date? {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard bytes.count >= 19,
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(bytes, 0..<4), let month = number(bytes, 5..<7), let day = number(bytes, 8..<10),
            let hour = number(bytes, 11..<13), let minute = number(bytes, 14..<16),
            let second = number(bytes, 17..<19)
        else { return nil }
        let civil = CivilDate(year: year, month: month, day: day)
        guard civil.isValid, hour < 24, minute < 60, second < 61
        else { return nil }

        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = digitValue(bytes[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard let offset = offsetSeconds(bytes[index...]) else { return nil }
        let seconds = civil.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Seconds east of UTC for `""`, `Z`, `±hh`, `±hhmm` or `±hh:mm`; `nil` for anything else.
    private static func offsetSeconds(_ rest: ArraySlice<UInt8>) -> Int? {
        let bytes = Array(rest)
        if bytes.isEmpty || bytes == [UInt8(ascii: "Z")] || bytes == [UInt8(ascii: "z")] { return 0 }
        guard bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") else { return nil }
        let sign = bytes[0] == UInt8(ascii: "-") ? -1 : 1
        let digits = bytes.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 2 || digits.count == 4,
            let hours = number(Array(digits), 0..<2),
            let minutes = digits.count == 4 ? number(Array(digits), 2..<4) : 0,
            hours < 24, minutes < 60
        else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            guard let digit = digitValue(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
