public import TreatyCore

/// A conformance rule as a value: its id, what it requires, and how to check it.
///
/// Rules carry the ids of the dialect specification (`RS-NL-1`, …) or Treaty's own `TR-…` ids
/// for contract-declared constraints. ``ConformanceRule/recordRules`` lists the built-ins.
///
/// A rule checks in up to two ways. A ``RuleChecker`` judges one record at a time and keeps no
/// state, so records can be checked on several threads at once. A ``SequenceChecker`` judges
/// records in payload order from their ``RecordFacts`` and may keep state across records and
/// payloads (duplicate ids, ordering, one parent, one shape per relation).
public struct ConformanceRule: Sendable, Identifiable, CustomStringConvertible {
    /// The rule's id.
    public let id: RuleID
    /// One sentence stating what the rule requires.
    public let requirement: String
    private let recordFactory: (@Sendable (CheckPlan) -> (any RuleChecker)?)?
    private let sequenceFactory: (@Sendable (CheckPlan) -> (any SequenceChecker)?)?

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - id: The rule's id.
    ///   - requirement: One sentence stating what the rule requires.
    ///   - makeChecker: Makes a record checker for a plan, or returns `nil` when that part of the
    ///     rule does not apply to it.
    ///   - makeSequenceChecker: Makes a sequence checker for a plan, or returns `nil` when that
    ///     part of the rule does not apply to it (for example ordering without an order field).
    public init(
        id: RuleID,
        requirement: String,
        makeChecker: (@Sendable (CheckPlan) -> (any RuleChecker)?)? = nil,
        makeSequenceChecker: (@Sendable (CheckPlan) -> (any SequenceChecker)?)? = nil
    ) {
        self.id = id
        self.requirement = requirement
        recordFactory = makeChecker
        sequenceFactory = makeSequenceChecker
    }

    /// The record checker for `plan`, or `nil` when the rule judges no single record there.
    public func makeChecker(for plan: CheckPlan) -> (any RuleChecker)? {
        recordFactory?(plan)
    }

    /// The sequence checker for `plan`, or `nil` when the rule judges no sequence there.
    public func makeSequenceChecker(for plan: CheckPlan) -> (any SequenceChecker)? {
        sequenceFactory?(plan)
    }

    public var description: String { "\(id): \(requirement)" }
}

/// Checks one record at a time against one rule.
///
/// Conformers must keep no state between records — the checker may judge the records of one
/// payload on several threads — and must append a violation for every breach in the record
/// (never stop at the first), each once.
public protocol RuleChecker: Sendable {
    /// Checks one record.
    func check(_ record: RecordView, into violations: inout [RuleViolation])
}

/// Checks the records of a run in payload order against one rule, from their facts.
///
/// Conformers see every record of every payload in order through ``check(_:into:)`` and are
/// told when a payload ends through ``finishPayload(into:)``; they may keep state across both.
public protocol SequenceChecker {
    /// Checks the next record.
    mutating func check(_ facts: RecordFacts, into violations: inout [RuleViolation])
    /// Called after the last record of each payload.
    mutating func finishPayload(into violations: inout [RuleViolation])
}

extension SequenceChecker {
    public mutating func finishPayload(into violations: inout [RuleViolation]) {}
}

/// A rule that looks at one record at a time.
struct StatelessChecker: RuleChecker {
    let body: @Sendable (RecordView, inout [RuleViolation]) -> Void

    func check(_ record: RecordView, into violations: inout [RuleViolation]) {
        body(record, &violations)
    }
}
