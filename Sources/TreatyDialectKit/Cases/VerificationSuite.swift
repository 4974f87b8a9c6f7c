
/// An ordered list of cases run together: the simulator is reset to its fixtures before each
/// suite, and the cases run in order.
///
/// Suites come from two places: a dialect derives them from a contract
/// (``SuiteGenerating/suites(environment:)``), and the verifier's scenario loader reads
/// scenario files (`Contracts/<api>/suites/*.yaml`).
public struct VerificationSuite: Sendable {
    /// The suite's name, unique in a run.
    public var name: String
    /// The file the suite comes from (the contract or the scenario file).
    public var file: String?
    /// The cases, in the order they run and are reported.
    public var cases: [VerificationCase]

    /// Creates a suite.
    public init(name: String, file: String?, cases: [VerificationCase]) {
        self.name = name
        self.file = file
        self.cases = cases
    }
}
