import TreatyJSON
import TreatyQuery

/// How PocketBase compares dates: as the text it stores them as, `2025-03-04 05:06:07.089Z`,
/// with null as `""` (``TreatyQuery/FieldRead/pocketBaseDateText``).
///
/// It reads date fields, date macros and text-like fields compared with a date macro (whose
/// text passes through unchanged), so `title = @now` compares the title with the date's text.
struct PocketBaseDateText: FieldReading {
    var name: String { "date_text" }

    var resultKind: FieldKind { .string }

    func applies(to kind: FieldKind) -> Bool {
        switch kind {
        case .date, .string, .relation(_, many: false): true
        default: false
        }
    }

    func read(_ value: JSONValue?, of kind: FieldKind) -> JSONValue? {
        guard let value, !value.isNull else { return .string("") }
        switch value {
        case .number(let number) where kind == .date:
            let milliseconds = number.int64Value ?? Int64(exactly: number.doubleValue.rounded()) ?? 0
            return .string(DateText.iso8601(milliseconds, separator: " "))
        case .string(let text):
            guard kind == .date, let milliseconds = DateText.milliseconds(text) else { return value }
            return .string(DateText.iso8601(milliseconds, separator: " "))
        default:
            return nil
        }
    }
}

extension FieldRead {
    /// A date (or a date macro) read as PocketBase's stored text (see ``PocketBaseDateText``).
    static let pocketBaseDateText = FieldRead(PocketBaseDateText())
}
