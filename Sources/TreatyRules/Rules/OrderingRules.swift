import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-OR-1: full lists sort by the order field ascending, ties by id (byte-wise).
    public static let orderField = ConformanceRule(
        id: "RS-OR-1",
        requirement: "lists sort by the integer order field ascending, ties by id byte-wise"
    ) { plan in
        guard plan.isList, !plan.isIncrementalFeed, let orderKey = plan.resource.orderKey,
            let orderIndex = plan.keyIndex[orderKey]
        else { return nil }
        return SortOrderChecker(rule: "RS-OR-1", orderKey: orderKey, description: "\(orderKey) ascending, then id") {
            record in
            guard let position = record.values[orderIndex]?.numberValue?.int64Value, let id = record.idText else {
                return nil
            }
            return (SortValue(rank: position, text: String(position)), id)
        }
    }
}

/// A sort key as compared (an integer, or a timestamp in milliseconds) and as written.
struct SortValue: Comparable {
    let rank: Int64
    let text: String

    static func < (lhs: SortValue, rhs: SortValue) -> Bool { lhs.rank < rhs.rank }
    static func == (lhs: SortValue, rhs: SortValue) -> Bool { lhs.rank == rhs.rank }
}

/// Checks that consecutive items of a list ascend by a key, then by id.
struct SortOrderChecker: RuleChecker {
    let rule: RuleID
    let orderKey: String
    let description: String
    let key: (RecordView) -> (SortValue, String)?
    private var previous: (value: SortValue, id: String, index: Int?)?

    init(rule: RuleID, orderKey: String, description: String, key: @escaping (RecordView) -> (SortValue, String)?) {
        self.rule = rule
        self.orderKey = orderKey
        self.description = description
        self.key = key
    }

    mutating func check(_ record: RecordView, into violations: inout [RuleViolation]) {
        guard let (value, id) = key(record) else { return }
        defer { previous = (value, id, record.index) }
        guard let previous else { return }
        let inOrder = previous.value < value || (previous.value == value && !ByteOrder.precedes(id, previous.id))
        guard !inOrder else { return }
        let tie = previous.value == value
        violations.append(
            record.violation(
                rule, key: tie ? record.plan.resource.identity.key : orderKey,
                tie ? "items with equal '\(orderKey)' are not ordered by id" : "the list is not sorted by '\(orderKey)'",
                expected: "\(description): this item before \(previous.index.map { JSONPointer.root.appending(index: $0) } ?? .root)",
                found: tie
                    ? "id \(ValueDescription.quote(id)) after id \(ValueDescription.quote(previous.id))"
                    : "'\(orderKey)' \(value.text) after \(previous.value.text)",
                fix: "sort the list by \(description) (exact byte-wise comparison for ids)"))
    }

    mutating func finishPayload(into violations: inout [RuleViolation]) {
        previous = nil
    }
}
