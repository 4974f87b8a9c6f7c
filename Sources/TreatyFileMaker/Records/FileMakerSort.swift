internal import Foundation
internal import TreatyJSON

/// FileMaker's sort: `[{"fieldName": "born", "sortOrder": "descend"}]`; numbers numerically,
/// text case-insensitively, dates and timestamps chronologically, empty values first when
/// ascending; ties keep creation order.
struct FileMakerSort {
    struct Key {
        let field: FileMakerField
        let descending: Bool
    }

    let keys: [Key]

    /// Reads a sort specification (a JSON array, or its text in a query string).
    init(_ value: JSONValue?, layout: FileMakerLayout) throws(FileMakerError) {
        guard let value else {
            keys = []
            return
        }
        var spec = value
        if case .string(let text) = value {
            guard let parsed = try? JSONParser().parse(text) else {
                throw FileMakerError.parameterInvalid("_sort must be a JSON array of {fieldName, sortOrder}")
            }
            spec = parsed
        }
        guard let items = spec.arrayValue else {
            throw FileMakerError.parameterInvalid("sort must be an array of {fieldName, sortOrder}")
        }
        var keys: [Key] = []
        for item in items {
            guard let name = item.objectValue?["fieldName"]?.stringValue else {
                throw FileMakerError.parameterInvalid("each sort item needs a fieldName")
            }
            guard let field = layout.field(named: name) else { throw FileMakerError.fieldMissing(name) }
            let order = item.objectValue?["sortOrder"]?.stringValue ?? "ascend"
            guard ["ascend", "descend"].contains(order) || layout.valueLists.contains(where: { $0.name == order })
            else {
                throw FileMakerError.parameterInvalid("sortOrder must be ascend, descend or a value list")
            }
            keys.append(Key(field: field, descending: order == "descend"))
        }
        self.keys = keys
    }

    /// `records` in this order (stable).
    func sorted(_ records: [JSONObject]) -> [JSONObject] {
        guard !keys.isEmpty else { return records }
        return records.enumerated().sorted { lhs, rhs in
            for key in keys {
                let order = Self.compare(
                    FileMakerRepetition.values(lhs.element[key.field.name], count: 1).first,
                    FileMakerRepetition.values(rhs.element[key.field.name], count: 1).first, field: key.field)
                if order != .orderedSame {
                    return key.descending ? order == .orderedDescending : order == .orderedAscending
                }
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    private static func compare(_ lhs: JSONValue?, _ rhs: JSONValue?, field: FileMakerField) -> ComparisonResult {
        let left = FileMakerRecordPresenter.text(lhs)
        let right = FileMakerRecordPresenter.text(rhs)
        if left.isEmpty || right.isEmpty {
            return left.isEmpty == right.isEmpty ? .orderedSame : left.isEmpty ? .orderedAscending : .orderedDescending
        }
        switch field.result {
        case .number:
            let a = Double(left) ?? 0
            let b = Double(right) ?? 0
            return a == b ? .orderedSame : a < b ? .orderedAscending : .orderedDescending
        case .date, .timeStamp:
            let a = sortableDate(left)
            let b = sortableDate(right)
            return a == b ? .orderedSame : a < b ? .orderedAscending : .orderedDescending
        default:
            return left.caseInsensitiveCompare(right)
        }
    }

    /// `MM/dd/yyyy[ HH:mm:ss]` as `yyyyMMdd HH:mm:ss`, which sorts as text.
    static func sortableDate(_ text: String) -> String {
        let parts = text.split(separator: " ", maxSplits: 1)
        guard let date = FileMakerValue.parseDate(String(parts[0]), format: .us) else { return text }
        return FileMakerValue.isoDate(date) + (parts.count > 1 ? " " + parts[1] : "")
    }
}
