internal import Foundation
internal import TreatyCalendar
import TreatyJSON

/// FileMaker's value rules: no null (an empty field is `""`), number fields are JSON numbers,
/// everything else text; dates `MM/dd/yyyy`, times `HH:mm:ss`, timestamps
/// `MM/dd/yyyy HH:mm:ss` as stored, or ISO 8601 with `dateformats: 2`.
enum FileMakerValue {
    /// How dates travel: `0` US (stored form), `1` the file's locale (US here), `2` ISO 8601.
    enum DateFormat: Int, Sendable {
        case us = 0, fileLocale = 1, iso8601 = 2
    }

    /// The stored value for a value sent for `field`.
    ///
    /// - Throws: ``FileMakerError`` 500/501 for an unreadable date or time, 511 for text over
    ///   the field's size.
    static func stored(_ value: JSONValue, for field: FileMakerField, format: DateFormat) throws(FileMakerError)
        -> JSONValue
    {
        let text: String
        switch value {
        case .null: return ""
        case .string(let string): text = string
        case .number(let number):
            if field.result == .number { return value }
            text = number.text
        case .bool(let flag): text = flag ? "1" : "0"
        case .array, .object: throw FileMakerError.parameterInvalid("'\(field.name)' takes a text or number value")
        }
        if field.maxCharacters > 0, text.count > field.maxCharacters { throw FileMakerError.tooLong }
        guard !text.isEmpty else { return "" }
        switch field.result {
        case .number:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let number = JSONNumber(text: trimmed), number.doubleValue.isFinite { return .number(number) }
            return .string(text)
        case .date:
            guard let date = parseDate(text, format: format) else { throw FileMakerError.dateInvalid }
            return .string(usDate(date))
        case .timeStamp:
            guard let stamp = parseTimestamp(text, format: format) else { throw FileMakerError.dateInvalid }
            return .string(usDate(stamp.date) + " " + stamp.time)
        case .time:
            guard let time = parseTime(text) else { throw FileMakerError.timeInvalid }
            return .string(time)
        case .text, .container: return .string(text)
        }
    }

    /// A stored value as it travels in `format`.
    static func presented(_ value: JSONValue?, for field: FileMakerField, format: DateFormat) -> JSONValue {
        guard let value, value != .null else { return "" }
        guard format == .iso8601, case .string(let text) = value, !text.isEmpty else { return value }
        switch field.result {
        case .date: return parseDate(text, format: .us).map { .string(isoDate($0)) } ?? value
        case .timeStamp:
            return parseTimestamp(text, format: .us).map { .string(isoDate($0.date) + "T" + $0.time) } ?? value
        default: return value
        }
    }

    // MARK: - Dates

    static func usDate(_ date: CivilDate) -> String {
        "\(two(date.month))/\(two(date.day))/\(String(format: "%04d", date.year))"
    }

    static func isoDate(_ date: CivilDate) -> String {
        "\(String(format: "%04d", date.year))-\(two(date.month))-\(two(date.day))"
    }

    /// `MM/dd/yyyy` (or `M/d/yyyy`), or ISO `yyyy-MM-dd` when `format` is ISO 8601 (accepted
    /// either way on input, read by the one RFC 3339 parser).
    static func parseDate(_ text: String, format: DateFormat) -> CivilDate? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("-") {
            return RFC3339Timestamp.parse(trimmed, grammar: .dateOnly)?.date
        }
        let parts = trimmed.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return valid(CivilDate(year: parts[2], month: parts[0], day: parts[1]))
    }

    static func parseTimestamp(_ text: String, format: DateFormat) -> (date: CivilDate, time: String)? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(
            maxSplits: 1, whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2, let date = parseDate(String(parts[0]), format: format),
            let time = parseTime(String(parts[1]))
        else { return nil }
        return (date, time)
    }

    /// `HH:mm[:ss]` → `HH:mm:ss`.
    static func parseTime(_ text: String) -> String? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":").map(String.init)
        guard (2...3).contains(parts.count), let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        let second = parts.count == 3 ? Double(parts[2]) : 0
        guard let second, (0..<60).contains(second) else { return nil }
        return "\(two(hour)):\(two(minute)):\(two(Int(second)))"
    }

    private static func valid(_ date: CivilDate) -> CivilDate? {
        date.isValid ? date : nil
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
