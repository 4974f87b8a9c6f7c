public import TreatyCore

/// One test: a few requests and the expectations on their answers, proving one rule (or a
/// small group of rules) of the contract.
///
/// Cases are values: a dialect's generated suites and the verifier's scenario files make them,
/// and the verifier runs them against a target. A case that writes creates its
/// own records and deletes them afterwards, and is skipped by read-only runs.
public struct VerificationCase: Sendable {
    /// The suite the case belongs to.
    public var suite: String
    /// The case's name, unique in its suite, e.g. `RS-NL-3 PATCH null clears task.assignee_id`.
    public var name: String
    /// The rules the case proves.
    public var rules: [RuleID]
    /// The ids of the spec clauses the case proves (``SpecClause/id``): it fails when a server
    /// breaks the behaviour one of them states.
    public var clauses: [String]
    /// Where the case is written, when known.
    public var location: SourceLocation?
    /// Whether the case sends anything but GET requests.
    public var writes: Bool
    /// The case itself: it sends requests through the context and records findings there.
    package let run: @Sendable (CaseContext) async throws -> Void

    /// Creates a case written in Swift.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - name: The case's name, unique in the suite.
    ///   - rules: The rules the case proves.
    ///   - clauses: The ids of the spec clauses the case proves.
    ///   - location: Where the case is written.
    ///   - writes: Whether it sends anything but GET; read-only runs skip it.
    ///   - run: The case: it sends requests through the context and records findings there.
    ///     Throwing ``CaseContext/Stop`` ends it early; any other error makes it an error.
    public init(
        suite: String,
        name: String,
        rules: [RuleID],
        clauses: [String] = [],
        location: SourceLocation? = nil,
        writes: Bool,
        run: @escaping @Sendable (CaseContext) async throws -> Void
    ) {
        self.suite = suite
        self.name = name
        self.rules = rules
        self.clauses = clauses
        self.location = location
        self.writes = writes
        self.run = run
    }
}
