/// What the shared dialect conformance suite found: one entry per check, in run order.
public struct DialectConformanceReport: Sendable, CustomStringConvertible {
    /// One check of the suite.
    public struct Check: Sendable {
        /// What the check proves, e.g. `snapshots restore the state they saved`.
        public var name: String
        /// Why it failed; empty when it passed.
        public var problems: [String]

        /// Whether the check passed.
        public var passed: Bool { problems.isEmpty }
    }

    /// The dialect checked.
    public var dialect: String
    /// The checks, in run order.
    public var checks: [Check]

    /// Whether every check passed.
    public var passed: Bool { checks.allSatisfy(\.passed) }

    /// One line per check (`✓`/`✗`), with the problems of failed ones below it.
    public var description: String {
        var lines = ["dialect conformance of \(dialect):"]
        for check in checks {
            lines.append("\(check.passed ? "✓" : "✗") \(check.name)")
            lines += check.problems.map { "    \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

/// The conformance suite failed: the report says which checks and why.
public struct DialectConformanceFailure: Error, Sendable, CustomStringConvertible {
    /// The whole report.
    public let report: DialectConformanceReport

    public var description: String { report.description }
}
