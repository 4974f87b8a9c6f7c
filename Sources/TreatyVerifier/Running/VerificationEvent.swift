/// Progress of a run, delivered in order while it runs (for progress lines and bars).
public enum VerificationEvent: Sendable {
    /// A suite is about to run `cases` cases.
    case suiteStarted(name: String, cases: Int)
    /// A case finished.
    case caseFinished(CaseResult)
    /// A suite finished.
    case suiteFinished(SuiteResult)
}

/// Why a run could not happen at all.
public struct VerifierError: Error, Sendable, CustomStringConvertible {
    /// One actionable line.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
