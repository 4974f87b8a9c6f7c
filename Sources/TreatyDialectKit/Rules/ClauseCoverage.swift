public import TreatyCore

/// A dialect's spec clauses joined with the generated cases that prove them, for one set of
/// contracts: the clause → case map `treaty rules --clauses` shows.
///
/// A clause no case proves for these contracts is ``unproven`` unless it says why no case can
/// (``SpecClause/untestable``); the contracts may also not declare what a clause needs (a
/// contract without an order field gives nothing to prove about order).
public struct ClauseCoverage: Sendable {
    /// One clause and the cases that prove it.
    public struct Entry: Sendable {
        /// The clause.
        public var clause: SpecClause
        /// The generated cases tagged with the clause, as `suite › case`, in run order.
        public var cases: [String]
    }

    /// The dialect.
    public var dialect: DialectID
    /// The dialect's spec file.
    public var spec: String
    /// One entry per clause of the catalogue, in spec order.
    public var entries: [Entry]
    /// Clause ids generated cases carry that the catalogue does not state (a defect of the
    /// dialect; empty for every built-in one).
    public var unknownClauses: [String]

    /// Joins the clauses of `catalog` with the cases of `suites`.
    ///
    /// - Parameters:
    ///   - dialect: The dialect.
    ///   - catalog: Its rules and clauses.
    ///   - suites: The suites generated for the contracts at hand.
    public init(dialect: DialectID, catalog: RuleCatalog, suites: [VerificationSuite]) {
        var casesByClause: [String: [String]] = [:]
        var unknown: Set<String> = []
        let known = Set(catalog.clauses.map(\.id))
        for suite in suites {
            for verificationCase in suite.cases {
                for clause in Set(verificationCase.clauses) {
                    casesByClause[clause, default: []].append("\(suite.name) › \(verificationCase.name)")
                    if !known.contains(clause) { unknown.insert(clause) }
                }
            }
        }
        self.dialect = dialect
        spec = catalog.spec
        entries = catalog.clauses.map { Entry(clause: $0, cases: casesByClause[$0.id] ?? []) }
        unknownClauses = unknown.sorted()
    }

    /// The clauses no case proves for these contracts and that do not say why none can.
    public var unproven: [SpecClause] {
        entries.filter { $0.cases.isEmpty && $0.clause.untestable == nil }.map(\.clause)
    }
}
