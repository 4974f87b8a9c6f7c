/// How a test case ended: at most one outcome per case.
public enum TestOutcome: Sendable, Hashable {
    /// The provider answered and the contract held.
    case passed
    /// The provider answered, but the contract was violated: `<failure>`.
    case failed(TestProblem)
    /// The case could not be verified (provider unreachable, bad contract, harness fault): `<error>`.
    case errored(TestProblem)
    /// The case was not run (pending, filtered out, no state handler): `<skipped>`.
    case skipped(message: String?)
}

extension TestOutcome {
    /// The outcome without its payload, for counting.
    enum Kind: Hashable {
        case passed, failed, errored, skipped
    }

    var kind: Kind {
        switch self {
        case .passed: .passed
        case .failed: .failed
        case .errored: .errored
        case .skipped: .skipped
        }
    }
}
