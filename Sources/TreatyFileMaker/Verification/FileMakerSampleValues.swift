internal import TreatyJSON

/// Valid values for the writable fields of a layout: text that fits, the first value of a value
/// list, numbers, and fixed dates and times in FileMaker's US format.
enum FileMakerSampleValues {
    static func value(for field: FileMakerField, layout: FileMakerLayout, unique: String) -> JSONValue {
        if let list = field.valueList, let first = layout.valueLists.first(where: { $0.name == list })?.values.first {
            return .string(first)
        }
        switch field.result {
        case .number: return 42
        case .date: return "01/02/2025"
        case .time: return "09:30:00"
        case .timeStamp: return "01/02/2025 09:30:00"
        case .text, .container:
            let text = "treaty \(field.name) \(unique)"
            return .string(field.maxCharacters > 0 ? String(text.prefix(field.maxCharacters)) : text)
        }
    }

    /// A different value for an edit.
    static func changed(_ field: FileMakerField, layout: FileMakerLayout, unique: String) -> JSONValue {
        if let list = field.valueList, let values = layout.valueLists.first(where: { $0.name == list })?.values,
            values.count > 1
        {
            return .string(values[1])
        }
        switch field.result {
        case .number: return 7
        case .date: return "03/04/2026"
        case .time: return "10:45:00"
        case .timeStamp: return "03/04/2026 10:45:00"
        case .text, .container:
            let text = "treaty changed \(unique)"
            return .string(field.maxCharacters > 0 ? String(text.prefix(field.maxCharacters)) : text)
        }
    }

    /// The fields a create sends: writable, not global, not containers, not auto-entered.
    static func writable(_ layout: FileMakerLayout) -> [FileMakerField] {
        layout.fields.filter { $0.isWritable && !$0.global && $0.result != .container && $0.autoEnter == nil }
    }
}
