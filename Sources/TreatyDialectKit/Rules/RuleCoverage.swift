public import TreatyCore

/// A dialect's rules joined with the generated cases that name them, for one set of contracts.
///
/// Built by `treaty rules` from the suites ``SuiteGenerating/suites(environment:)`` generates
/// for each contract of the dialect; a rule no case names for these contracts has no cases (the
/// contracts may not declare what it needs, e.g. an order field).
public struct RuleCoverage: Sendable {
    /// One rule and what proves it.
    public struct Entry: Sendable {
        /// The rule.
        public var rule: RuleDescription
        /// The generated cases naming the rule, as `suite › case`, in run order.
        public var cases: [String]
    }

    /// The dialect.
    public var dialect: DialectID
    /// The dialect's breakage matrix, relative to the package root.
    public var breakageMatrix: String
    /// One entry per rule of the catalogue, in its order.
    public var entries: [Entry]
    /// Rule ids generated cases name that the catalogue does not define (a defect of the
    /// dialect; empty for every built-in one).
    public var unknownRules: [RuleID]

    /// Joins `catalog` with the cases of `suites`.
    ///
    /// - Parameters:
    ///   - dialect: The dialect.
    ///   - catalog: Its rules.
    ///   - suites: The suites generated for the contracts at hand.
    public init(dialect: DialectID, catalog: RuleCatalog, suites: [VerificationSuite]) {
        var casesByRule: [RuleID: [String]] = [:]
        var unknown: Set<RuleID> = []
        let known = Set(catalog.rules.map(\.id))
        for suite in suites {
            for verificationCase in suite.cases {
                for rule in Set(verificationCase.rules) {
                    casesByRule[rule, default: []].append("\(suite.name) › \(verificationCase.name)")
                    if !known.contains(rule) { unknown.insert(rule) }
                }
            }
        }
        self.dialect = dialect
        breakageMatrix = catalog.breakageMatrix
        entries = catalog.rules.map { Entry(rule: $0, cases: casesByRule[$0.id] ?? []) }
        unknownRules = unknown.sorted()
    }
}
