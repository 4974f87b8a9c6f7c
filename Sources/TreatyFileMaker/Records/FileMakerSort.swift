internal import Foundation
internal import TreatyJSON

/// FileMaker's sort: `[{"fieldName": "born", "sortOrder": "descend"}]`; numbers numerically,
/// text case-insensitively, dates and timestamps chronologically, empty values first when
/// ascending; ties keep creation order. A `sortOrder` naming a value list orders by the list:
/// its values in list order, then values outside it.
struct FileMakerSort {
    struct Key {
        let field: FileMakerField
        let descending: Bool
        /// The values of the value list the key sorts by, when its `sortOrder` names one.
        var valueList: [String]? = nil
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
            let list = layout.valueLists.first { $0.name == order }?.values
            guard ["ascend", "descend"].contains(order) || list != nil else {
                throw FileMakerError.parameterInvalid("sortOrder must be ascend, descend or a value list")
            }
            keys.append(Key(field: field, descending: order == "descend", valueList: list))
        }
        self.keys = keys
    }

    /// A value prepared for comparison once, before sorting: empty, a number, or text (dates as
    /// sortable ISO text, other text folded to lower case).
    enum SortValue: Sendable {
        case empty
        case number(Double)
        case text(String)

        /// A value of a record as the finder's projection holds it (numbers as numbers, dates as
        /// ISO text, text lower-cased, empty as null; a repeating field by its first repetition).
        init(projected value: JSONValue?) {
            switch value?.arrayValue?.first ?? value {
            case .number(let number)?: self = .number(number.doubleValue)
            case .string(let text)? where !text.isEmpty: self = .text(text)
            default: self = .empty
            }
        }

        init(_ value: JSONValue?, field: FileMakerField) {
            let text = FileMakerRecordPresenter.text(value?.arrayValue?.first ?? value)
            guard !text.isEmpty else {
                self = .empty
                return
            }
            switch field.result {
            case .number: self = .number(Double(text) ?? 0)
            case .date, .timeStamp: self = .text(FileMakerSort.sortableDate(text))
            default: self = .text(text.lowercased())
            }
        }

        /// Empty values first, then numbers by value and text by its (folded) characters.
        func compare(_ other: SortValue) -> ComparisonResult {
            switch (self, other) {
            case (.empty, .empty): .orderedSame
            case (.empty, _): .orderedAscending
            case (_, .empty): .orderedDescending
            case (.number(let a), .number(let b)):
                a == b ? .orderedSame : a < b ? .orderedAscending : .orderedDescending
            case (.text(let a), .text(let b)): a == b ? .orderedSame : a < b ? .orderedAscending : .orderedDescending
            case (.number, .text): .orderedAscending
            case (.text, .number): .orderedDescending
            }
        }
    }

    /// `records` in this order (stable): each key's values are prepared once, then compared.
    ///
    /// - Parameter prefix: When given, only the first `prefix` records in order are needed (a
    ///   page); they are selected without sorting the rest.
    func sorted(_ records: [JSONObject], prefix: Int? = nil) -> [JSONObject] {
        guard !keys.isEmpty, records.count > 1 else { return Array(records.prefix(prefix ?? records.count)) }
        let width = keys.count
        var prepared: [SortValue] = []
        prepared.reserveCapacity(records.count * width)
        for record in records {
            for key in keys { prepared.append(key.value(of: record)) }
        }
        let descending = keys.map(\.descending)
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            for index in 0..<width {
                let order = prepared[lhs * width + index].compare(prepared[rhs * width + index])
                if order != .orderedSame {
                    return descending[index] ? order == .orderedDescending : order == .orderedAscending
                }
            }
            return lhs < rhs
        }
        return Self.first(prefix, of: Array(records.indices), by: precedes).map { records[$0] }
    }

    /// The first `prefix` of `candidates` (all of them when `nil`) in the order `precedes`
    /// gives: a short page is selected without sorting the rest.
    private static func first(_ prefix: Int?, of candidates: [Int], by precedes: (Int, Int) -> Bool) -> [Int] {
        guard let prefix, prefix < candidates.count / 2 else {
            let order = candidates.sorted(by: precedes)
            return prefix.map { Array(order.prefix($0)) } ?? order
        }
        var best: [Int] = []
        best.reserveCapacity(prefix + 1)
        for candidate in candidates where best.count < prefix || best.last.map({ precedes(candidate, $0) }) ?? true {
            var low = 0
            var high = best.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(best[middle], candidate) { low = middle + 1 } else { high = middle }
            }
            best.insert(candidate, at: low)
            if best.count > prefix { best.removeLast() }
        }
        return best
    }

    /// The dense rank of each value in sort order: equal values share a rank, a lower rank
    /// sorts first.
    static func ranks(_ values: [SortValue]) -> [Int32] {
        let order = values.indices.sorted { values[$0].compare(values[$1]) == .orderedAscending }
        var ranks = [Int32](repeating: 0, count: values.count)
        var rank: Int32 = 0
        for (index, position) in order.enumerated() {
            if index > 0, values[order[index - 1]].compare(values[position]) != .orderedSame { rank += 1 }
            ranks[position] = rank
        }
        return ranks
    }

    /// The positions in this order (stable), from each key field's ranks (one per record
    /// position, as ``FileMakerCaches/Projection`` keeps them).
    ///
    /// - Parameters:
    ///   - records: The records the positions index, for keys that sort by a value list.
    ///   - prefix: When given, only the first `prefix` positions in order are needed.
    func sorted(_ positions: [Int], ranks: [String: [Int32]], records: [JSONObject], prefix: Int? = nil) -> [Int] {
        let columns = keys.compactMap { key in
            key.valueList == nil ? ranks[key.field.name] : Self.ranks(records.map { key.value(of: $0) })
        }
        guard !keys.isEmpty, columns.count == keys.count, positions.count > 1 else {
            return Array(positions.prefix(prefix ?? positions.count))
        }
        let descending = keys.map(\.descending)
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            for index in columns.indices {
                let (a, b) = (columns[index][lhs], columns[index][rhs])
                if a != b { return descending[index] ? a > b : a < b }
            }
            return lhs < rhs
        }
        return Self.first(prefix, of: positions, by: precedes)
    }

    /// `MM/dd/yyyy[ HH:mm:ss]` as `yyyyMMdd HH:mm:ss`, which sorts as text.
    static func sortableDate(_ text: String) -> String {
        let parts = text.split(separator: " ", maxSplits: 1)
        guard let date = FileMakerValue.parseDate(String(parts[0]), format: .us) else { return text }
        return FileMakerValue.isoDate(date) + (parts.count > 1 ? " " + parts[1] : "")
    }
}

extension FileMakerSort.Key {
    /// The value `record` sorts by on this key: by its place in the value list when the key
    /// names one (values outside the list after it, by text), else by the field's kind.
    func value(of record: JSONObject) -> FileMakerSort.SortValue {
        let value = FileMakerSort.SortValue(record[field.name], field: field)
        guard let valueList, case .text(let text) = FileMakerSort.SortValue(record[field.name], field: FileMakerField(name: field.name))
        else { return value }
        guard let index = valueList.firstIndex(where: { $0.lowercased() == text }) else { return .text(text) }
        return .number(Double(index))
    }
}
