public import Foundation

/// The results for one contract: a JUnit `<testsuite>`.
///
/// Treaty writes one flat suite per contract, named `<Consumer>-<Provider>`, with ``package`` set to
/// `contracts.<Consumer>` and ``file`` to the contract's path relative to the repository root.
/// ``TestSuiteReport/name(consumer:provider:)`` and ``TestSuiteReport/package(consumer:)`` build
/// those names.
public struct TestSuiteReport: Sendable, Hashable {
    /// The suite's name, unique in a report together with ``file``.
    public var name: String
    /// The package, `contracts.<Consumer>`, or `nil` to leave the attribute out.
    public var package: String?
    /// The contract path relative to the repository root, with `/` separators.
    public var file: String?
    /// The machine that ran the suite; an empty string leaves the attribute out.
    public var hostname: String
    /// When the suite started; written in UTC with second precision.
    public var timestamp: Date
    /// Suite properties such as `provider.version`; written sorted by name.
    public var properties: [TestProperty]
    /// The test cases in contract order, never completion order.
    public var cases: [TestCaseReport]

    /// Creates a suite.
    ///
    /// - Parameters:
    ///   - name: The suite's name, usually ``TestSuiteReport/name(consumer:provider:)``.
    ///   - package: The package, usually ``TestSuiteReport/package(consumer:)``.
    ///   - file: The contract path relative to the repository root.
    ///   - hostname: The machine that ran the suite (injected, so golden tests can pin it).
    ///   - timestamp: When the suite started (from an injected clock).
    ///   - properties: Suite properties, in any order.
    ///   - cases: The test cases in contract order.
    public init(
        name: String,
        package: String? = nil,
        file: String? = nil,
        hostname: String,
        timestamp: Date,
        properties: [TestProperty] = [],
        cases: [TestCaseReport] = []
    ) {
        self.name = name
        self.package = package
        self.file = file
        self.hostname = hostname
        self.timestamp = timestamp
        self.properties = properties
        self.cases = cases
    }

    /// The number of test cases.
    public var tests: Int { cases.count }
    /// The number of test cases whose outcome is ``TestOutcome/failed(_:)``.
    public var failures: Int { cases.count { $0.outcome.kind == .failed } }
    /// The number of test cases whose outcome is ``TestOutcome/errored(_:)``.
    public var errors: Int { cases.count { $0.outcome.kind == .errored } }
    /// The number of test cases whose outcome is ``TestOutcome/skipped(message:)``.
    public var skipped: Int { cases.count { $0.outcome.kind == .skipped } }
    /// The sum of the cases' durations in milliseconds, each clamped to zero or more.
    public var durationMilliseconds: Int { cases.reduce(0) { $0 + max(0, $1.durationMilliseconds) } }
}

extension TestSuiteReport {
    /// The suite name Treaty uses for a contract: `<Consumer>-<Provider>`.
    ///
    /// - Parameters:
    ///   - consumer: The consuming application, for example `WebApp`.
    ///   - provider: The providing service, for example `OrderService`.
    /// - Returns: For example `WebApp-OrderService`.
    public static func name(consumer: String, provider: String) -> String {
        "\(consumer)-\(provider)"
    }

    /// The package Treaty uses for a consumer's suites: `contracts.<Consumer>`.
    ///
    /// A `.` inside the consumer's name becomes `_`, as in ``TestCaseReport/classname(consumer:provider:)``.
    ///
    /// - Parameter consumer: The consuming application, for example `WebApp`.
    /// - Returns: For example `contracts.WebApp`.
    public static func package(consumer: String) -> String {
        "contracts.\(TestCaseReport.classnamePart(consumer))"
    }
}
