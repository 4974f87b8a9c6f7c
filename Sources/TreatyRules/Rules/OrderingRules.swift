import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-OR-1: full lists sort by the order field ascending, ties by id (byte-wise).
    public static let orderField = ConformanceRule(
        id: "RS-OR-1",
        requirement: "lists sort by the integer order field ascending, ties by id byte-wise",
        makeSequenceChecker: { plan in
            guard plan.isList, !plan.isIncrementalFeed, let orderKey = plan.resource.orderKey, plan.orderIndex != nil
            else { return nil }
            return SortOrderChecker(
                rule: "RS-OR-1", orderKey: orderKey, idKey: plan.resource.identity.key,
                description: "\(orderKey) ascending, then id"
            ) { facts in
                guard let position = facts.order, let id = facts.idText else { return nil }
                return (SortValue(rank: position), id)
            }
        }
    )
}

/// A sort key as compared (an integer, or a timestamp in milliseconds) and as written.
struct SortValue: Comparable {
    let rank: Int64
    let written: String?

    init(rank: Int64, written: String? = nil) {
        self.rank = rank
        self.written = written
    }

    /// The value as the payload wrote it.
    var text: String { written ?? String(rank) }

    static func < (lhs: SortValue, rhs: SortValue) -> Bool { lhs.rank < rhs.rank }
    static func == (lhs: SortValue, rhs: SortValue) -> Bool { lhs.rank == rhs.rank }
}

/// Checks that consecutive items of a list ascend by a key, then by id.
struct SortOrderChecker: SequenceChecker {
    let rule: RuleID
    let orderKey: String
    let idKey: String
    let description: String
    let key: (RecordFacts) -> (SortValue, String)?
    private var previous: (value: SortValue, id: String, index: Int?)?

    init(
        rule: RuleID,
        orderKey: String,
        idKey: String,
        description: String,
        key: @escaping (RecordFacts) -> (SortValue, String)?
    ) {
        self.rule = rule
        self.orderKey = orderKey
        self.idKey = idKey
        self.description = description
        self.key = key
    }

    mutating func check(_ facts: RecordFacts, into violations: inout [RuleViolation]) {
        guard let (value, id) = key(facts) else { return }
        defer { previous = (value, id, facts.index) }
        guard let previous else { return }
        let inOrder = previous.value < value || (previous.value == value && !ByteOrder.precedes(id, previous.id))
        guard !inOrder else { return }
        let tie = previous.value == value
        violations.append(
            facts.violation(
                rule, key: tie ? idKey : orderKey,
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
