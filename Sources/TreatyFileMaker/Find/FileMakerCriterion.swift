internal import Foundation
internal import TreatyCalendar
internal import TreatyJSON
internal import TreatyQuery

/// One find criterion (`"firstName": "John"`) compiled to the query model, with FileMaker's
/// find operators (filemaker.md §5): words match word starts, `=word` whole words, `==text` the
/// whole field, `*` `@` `#` wildcards, `< <= > >= ≤ ≥`, `a...b` ranges, `=` empty, `*` non-empty,
/// `//` today; numbers compare numerically and dates chronologically by the field's type;
/// everything is case-insensitive.
struct FileMakerCriterion {
    let field: FileMakerField
    let text: String
    /// Today, for `//`.
    let today: CivilDate
    let format: FileMakerValue.DateFormat

    func expression() throws(FileMakerError) -> Expr {
        let path = FieldPath(field.name)
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "=" { return .cond(Condition(path, .isNull)) }
        if trimmed == "*" { return .cond(Condition(path, .isNotNull)) }
        if trimmed == "?" || trimmed.hasPrefix("~") {
            throw FileMakerError.parameterInvalid("the find operator '\(trimmed.prefix(1))' is not supported")
        }
        for (symbol, op) in [("<=", QueryOperator.le), ("≤", .le), (">=", .ge), ("≥", .ge), ("<", .lt), (">", .gt)]
        where trimmed.hasPrefix(symbol) {
            let operand = String(trimmed.dropFirst(symbol.count)).trimmingCharacters(in: .whitespaces)
            return .cond(
                Condition(path, op, .value(try value(operand, upper: op == .le || op == .gt)), caseSensitive: false))
        }
        for separator in ["...", ".."] {
            if let range = trimmed.range(of: separator) {
                let low = try value(String(trimmed[..<range.lowerBound]), upper: false)
                let high = try value(String(trimmed[range.upperBound...]), upper: true)
                return .cond(Condition(path, .between, .range(low, high), caseSensitive: false))
            }
        }
        switch field.result {
        case .number:
            let number = try value(
                trimmed.hasPrefix("==")
                    ? String(trimmed.dropFirst(2)) : trimmed.hasPrefix("=") ? String(trimmed.dropFirst()) : trimmed,
                upper: false)
            return .cond(Condition(path, .between, .range(number, number)))
        case .date, .timeStamp:
            let bare =
                trimmed.hasPrefix("==")
                ? String(trimmed.dropFirst(2)) : trimmed.hasPrefix("=") ? String(trimmed.dropFirst()) : trimmed
            return .cond(
                Condition(path, .between, .range(try value(bare, upper: false), try value(bare, upper: true))))
        default:
            return textExpression(trimmed, path: path)
        }
    }

    /// Text criteria: `==` whole field, `=` whole words, else word starts.
    private func textExpression(_ text: String, path: FieldPath) -> Expr {
        if text.hasPrefix("==") {
            return .cond(
                Condition(path, .like, .value(.string(Self.pattern(String(text.dropFirst(2))))), caseSensitive: false))
        }
        let wholeWords = text.hasPrefix("=")
        let words = Self.words(wholeWords ? String(text.dropFirst()) : text)
        return .all(
            words.map { word in
                let pattern = Self.pattern(word)
                let tail = wholeWords ? "" : "%"
                return .any([
                    .cond(Condition(path, .like, .value(.string(pattern + tail)), caseSensitive: false)),
                    .cond(Condition(path, .like, .value(.string("% " + pattern + tail)), caseSensitive: false)),
                    .cond(Condition(path, .like, .value(.string(pattern + " %")), caseSensitive: false)),
                    .cond(Condition(path, .like, .value(.string("% " + pattern + " %")), caseSensitive: false)),
                ])
            })
    }

    /// The words of a criterion; a quoted part is one phrase.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
            } else if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// FileMaker wildcards as a LIKE pattern: `*` any run, `@` and `#` one character; LIKE's own
    /// `%` and `_` escaped, `\` escaping the next character.
    static func pattern(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                result += ["%", "_", "\\"].contains(character) ? "\\\(character)" : String(character)
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "*": result += "%"
            case "@", "#": result += "_"
            case "%", "_": result += "\\\(character)"
            default: result.append(character)
            }
        }
        return result
    }

    /// An operand of the field's type: a number, a date (a whole month or year for a partial
    /// date, its first or last day by `upper`), or text.
    private func value(_ text: String, upper: Bool) throws(FileMakerError) -> JSONValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch field.result {
        case .number:
            guard let number = JSONNumber(text: trimmed) else {
                throw FileMakerError(500 + 2, "Numeric value does not meet validation entry options")
            }
            return .number(number)
        case .date, .timeStamp:
            if trimmed == "//" { return .string(FileMakerValue.isoDate(today) + (upper ? "T23:59:59.999" : "")) }
            if field.result == .timeStamp, let stamp = FileMakerValue.parseTimestamp(trimmed, format: format) {
                return .string(FileMakerValue.isoDate(stamp.date) + "T" + stamp.time)
            }
            if let date = FileMakerValue.parseDate(trimmed, format: format) {
                return .string(FileMakerValue.isoDate(date) + (upper ? "T23:59:59.999" : ""))
            }
            let parts = trimmed.split(separator: "/").compactMap { Int($0) }
            let date: CivilDate?
            switch parts.count {
            case 1:
                date =
                    upper ? CivilDate(year: parts[0], month: 12, day: 31) : CivilDate(year: parts[0], month: 1, day: 1)
            case 2:
                let first = CivilDate(year: parts[1], month: parts[0], day: 1)
                date =
                    upper
                    ? CivilDate(
                        daysSinceEpoch: CivilDate(year: parts[1] + parts[0] / 12, month: parts[0] % 12 + 1, day: 1)
                            .daysSinceEpoch - 1) : first
            default: date = nil
            }
            guard let date, date.isValid else { throw FileMakerError.dateInvalid }
            return .string(FileMakerValue.isoDate(date) + (upper ? "T23:59:59.999" : ""))
        default:
            return .string(trimmed)
        }
    }
}
