public import TreatyCore

/// One rule of a dialect as `treaty rules` lists it: its id, what it means, whether
/// `treaty check` judges it on recorded payloads, and the broken backends that prove the
/// generated suites catch it.
public struct RuleDescription: Sendable, Equatable {
    /// The rule's id (`RS-NL-1`, `PB-TYPE-1`, …).
    public var id: RuleID
    /// One line saying what the rule requires.
    public var meaning: String
    /// Whether `treaty check` judges the rule on recorded answers; when `false`, only the
    /// verifier's generated round trips can see it (requests, sequences, error answers).
    public var checkedOnPayloads: Bool
    /// The broken backends of the dialect's breakage matrix that break this rule and must fail
    /// the generated suites with its id (the matrix's case names, e.g. `dropsExplicitNulls`).
    public var breakages: [String]
    /// Why no broken backend can express the rule, when ``breakages`` is empty on purpose.
    public var unbreakable: String?

    /// Creates a description.
    ///
    /// - Parameters:
    ///   - id: The rule's id.
    ///   - meaning: One line saying what the rule requires.
    ///   - checkedOnPayloads: Whether `treaty check` judges it on recorded answers.
    ///   - breakages: The breakage matrix's cases that prove it.
    ///   - unbreakable: Why no breakage can express it, when there is none.
    public init(
        _ id: RuleID, _ meaning: String, checkedOnPayloads: Bool, breakages: [String] = [],
        unbreakable: String? = nil
    ) {
        self.id = id
        self.meaning = meaning
        self.checkedOnPayloads = checkedOnPayloads
        self.breakages = breakages
        self.unbreakable = unbreakable
    }
}
