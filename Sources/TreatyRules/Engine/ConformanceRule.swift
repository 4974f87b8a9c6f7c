public import TreatyCore

/// A conformance rule as a value: its id, what it requires, and how to check it.
///
/// Rules carry the ids of the dialect specification (`RS-NL-1`, …) or Treaty's own `TR-…` ids
/// for contract-declared constraints. ``ConformanceRule/restSync`` lists the built-ins; a rule
/// makes a fresh ``RuleChecker`` for each run, which sees every record in order and may keep
/// state across records and payloads (type stability, ordering, one shape per relation).
public struct ConformanceRule: Sendable, Identifiable, CustomStringConvertible {
    /// The rule's id.
    public let id: RuleID
    /// One sentence stating what the rule requires.
    public let requirement: String
    private let factory: @Sendable (CheckPlan) -> (any RuleChecker)?

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - id: The rule's id.
    ///   - requirement: One sentence stating what the rule requires.
    ///   - makeChecker: Makes a checker for a plan, or returns `nil` when the rule does not apply
    ///     to it (for example an ordering rule for a resource without an order field).
    public init(
        id: RuleID,
        requirement: String,
        makeChecker: @escaping @Sendable (CheckPlan) -> (any RuleChecker)?
    ) {
        self.id = id
        self.requirement = requirement
        factory = makeChecker
    }

    /// A checker for `plan`, or `nil` when the rule does not apply.
    public func makeChecker(for plan: CheckPlan) -> (any RuleChecker)? {
        factory(plan)
    }

    public var description: String { "\(id): \(requirement)" }
}

/// Checks the records of one run against one rule.
///
/// Conformers see records in payload order through ``check(_:into:)`` and are told when a
/// payload ends through ``finishPayload(into:)``; they must append a violation for every
/// breach they see (never stop at the first) and must not report the same breach twice.
public protocol RuleChecker {
    /// Checks one record.
    mutating func check(_ record: RecordView, into violations: inout [RuleViolation])
    /// Called after the last record of each payload.
    mutating func finishPayload(into violations: inout [RuleViolation])
}

extension RuleChecker {
    public mutating func finishPayload(into violations: inout [RuleViolation]) {}
}

/// A rule that looks at one record at a time and keeps no state.
struct StatelessChecker: RuleChecker {
    let body: (RecordView, inout [RuleViolation]) -> Void

    mutating func check(_ record: RecordView, into violations: inout [RuleViolation]) {
        body(record, &violations)
    }
}
