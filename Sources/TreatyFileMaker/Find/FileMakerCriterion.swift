internal import Foundation
internal import TreatyCalendar
internal import TreatyJSON
internal import TreatyQuery

/// One find criterion (`"firstName": "John"`) compiled to the query model, with FileMaker's
/// find operators (filemaker.md §5): words match word starts, `=word` whole words, `==text` the
/// whole field, `*` `@` `#` wildcards, `< <= > >= ≤ ≥`, `a...b` ranges, `=` empty, `*` non-empty,
/// `//` today; numbers compare numerically and dates chronologically by the field's type;
/// everything is case-insensitive: the finder's projection holds text lower-cased, and so do the
/// operands here, so the query model compares without folding each value again.
struct FileMakerCriterion {
    let field: FileMakerField
    let text: String
    /// Today, for `//`.
    let today: CivilDate
    let format: FileMakerValue.DateFormat

    /// The word starts a plain text criterion asks for (`Jo*`, `miles dav`), each without its
    /// trailing `*`; `nil` when the criterion uses any other operator or wildcard, or the field
    /// is not text. Such a criterion is answered from the finder's word index.
    var wordPrefixes: [String]? {
        guard field.result == .text || field.result == .container else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let first = trimmed.first, !"=<>≤≥!/~?\"".contains(first), !trimmed.contains("..") else { return nil }
        var prefixes: [String] = []
        for word in trimmed.split(separator: " ") {
            let bare = String(word.reversed().drop { $0 == "*" }.reversed())
            guard !bare.isEmpty, !bare.contains(where: { "*@#\"\\".contains($0) }) else { return nil }
            prefixes.append(bare)
        }
        return prefixes.isEmpty ? nil : prefixes
    }

    func expression() throws(FileMakerError) -> Expr {
        let path = FieldPath(field.name)
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "=" { return .cond(Condition(path, .isNull)) }
        if trimmed == "*" { return .cond(Condition(path, .isNotNull)) }
        if trimmed == "?" || trimmed.hasPrefix("~") {
            throw FileMakerError.parameterInvalid("the find operator '\(trimmed.prefix(1))' is not supported")
        }
        for (symbol, op) in [("<=", QueryOperator.le), ("≤", .le), (">=", .ge), ("≥", .ge), ("<", .lt), (">", .gt)]
        where trimmed.hasPrefix(symbol) {
            let operand = String(trimmed.dropFirst(symbol.count)).trimmingCharacters(in: .whitespaces)
            return .cond(
                Condition(path, op, .value(try value(operand, upper: op == .le || op == .gt)), caseSensitive: true))
        }
        for separator in ["...", ".."] {
            if let range = trimmed.range(of: separator) {
                let low = try value(String(trimmed[..<range.lowerBound]), upper: false)
                let high = try value(String(trimmed[range.upperBound...]), upper: true)
                return .cond(Condition(path, .between, .range(low, high), caseSensitive: true))
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
            let whole = String(text.dropFirst(2))
            // Without wildcards the whole field is one value: an equality the query model answers
            // from its sorted index.
            if !whole.contains(where: { "*@#\\".contains($0) }) {
                return .cond(Condition(path, .eq, .value(.string(whole))))
            }
            return .cond(Condition(path, .like, .value(.string(Self.pattern(whole))), caseSensitive: true))
        }
        let wholeWords = text.hasPrefix("=")
        let words = Self.words(wholeWords ? String(text.dropFirst()) : text)
        return .all(
            words.map { word in
                let pattern = Self.pattern(word)
                // A word starts the field or follows a space; a whole word also ends the field or a space
                // follows it.
                let forms =
                    wholeWords
                    ? [pattern, pattern + " %", "% " + pattern, "% " + pattern + " %"]
                    : [pattern + "%", "% " + pattern + "%"]
                return .any(forms.map { .cond(Condition(path, .like, .value(.string($0)), caseSensitive: true)) })
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
