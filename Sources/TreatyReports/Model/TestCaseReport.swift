/// One interaction's result: a JUnit `<testcase>`.
///
/// ``name`` is the interaction's description and must be unique in its suite (GitLab keeps only the
/// first of equal names). ``classname`` is `contracts.<Consumer>.<Provider>`; build it with
/// ``TestCaseReport/classname(consumer:provider:)`` so that Jenkins splits it into package and class
/// at the right dot.
public struct TestCaseReport: Sendable, Hashable {
    /// The interaction's description, for example `GET /orders/42 returns the order`.
    public var name: String
    /// `contracts.<Consumer>.<Provider>`; see ``TestCaseReport/classname(consumer:provider:)``.
    public var classname: String
    /// The contract path relative to the repository root, with `/` separators.
    public var file: String?
    /// The 1-based line of the interaction in ``file``, when known.
    public var line: Int?
    /// How long the case took, in whole milliseconds. Negative values are written as `0.000`.
    public var durationMilliseconds: Int
    /// How the case ended.
    public var outcome: TestOutcome
    /// Output shown with the case; holds `[[ATTACHMENT|path]]` lines (see ``addAttachment(_:)``).
    public var systemOut: String?
    /// Error output shown with the case.
    public var systemErr: String?
    /// Test case properties, for example `attachment`; written sorted by name.
    public var properties: [TestProperty]
    /// The number of checks the case made, when known; written as `assertions`.
    public var assertions: Int?

    /// Creates a test case.
    ///
    /// - Parameters:
    ///   - name: The interaction's description, unique in its suite.
    ///   - classname: Usually ``TestCaseReport/classname(consumer:provider:)``.
    ///   - file: The contract path relative to the repository root.
    ///   - line: The 1-based line of the interaction, when known.
    ///   - durationMilliseconds: How long the case took.
    ///   - outcome: How the case ended.
    ///   - systemOut: Output shown with the case.
    ///   - systemErr: Error output shown with the case.
    ///   - properties: Test case properties, in any order.
    ///   - assertions: The number of checks the case made, when known.
    public init(
        name: String,
        classname: String,
        file: String? = nil,
        line: Int? = nil,
        durationMilliseconds: Int = 0,
        outcome: TestOutcome = .passed,
        systemOut: String? = nil,
        systemErr: String? = nil,
        properties: [TestProperty] = [],
        assertions: Int? = nil
    ) {
        self.name = name
        self.classname = classname
        self.file = file
        self.line = line
        self.durationMilliseconds = durationMilliseconds
        self.outcome = outcome
        self.systemOut = systemOut
        self.systemErr = systemErr
        self.properties = properties
        self.assertions = assertions
    }
}
