public import TreatyCore
public import TreatyDialectKit

/// How one case ended.
public enum CaseOutcome: Sendable, Hashable {
    /// Every expectation held.
    case passed
    /// The target answered and broke the contract; at least one finding.
    case failed([Finding])
    /// The case could not verify anything: the target was unreachable, or the case is unusable.
    case errored(Finding)
    /// The case did not run, and why (read-only run, nothing to test against).
    case skipped(String)
}

/// The result of running one ``VerificationCase``.
public struct CaseResult: Sendable, Hashable {
    /// The suite the case belongs to.
    public var suite: String
    /// The case's name, unique in its suite.
    public var name: String
    /// The rules the case proves.
    public var rules: [RuleID]
    /// Where the case is written (a contract endpoint or a scenario step), when known.
    public var location: SourceLocation?
    /// How it ended.
    public var outcome: CaseOutcome
    /// Wall time in whole milliseconds.
    public var durationMilliseconds: Int
    /// The requests it sent, redacted, in order.
    public var exchanges: [Exchange]

    /// Creates a result.
    public init(
        suite: String,
        name: String,
        rules: [RuleID],
        location: SourceLocation?,
        outcome: CaseOutcome,
        durationMilliseconds: Int,
        exchanges: [Exchange]
    ) {
        self.suite = suite
        self.name = name
        self.rules = rules
        self.location = location
        self.outcome = outcome
        self.durationMilliseconds = durationMilliseconds
        self.exchanges = exchanges
    }

    /// Whether the case passed.
    public var passed: Bool { outcome == .passed }

    /// The findings of a failed or errored case.
    public var findings: [Finding] {
        switch outcome {
        case .failed(let findings): findings
        case .errored(let finding): [finding]
        case .passed, .skipped: []
        }
    }
}
