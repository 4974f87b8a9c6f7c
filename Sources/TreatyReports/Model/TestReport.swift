public import Foundation

/// One verification run as a JUnit report: a named list of test suites.
///
/// A report is a plain value. ``JUnitWriter`` turns it into XML, ``JUnitReader`` reads it back and
/// ``JUnitMerge`` joins the reports of sharded runs. The counts and the total time are computed from
/// the test cases, so they can never disagree with them.
///
/// ```swift
/// let report = TestReport(name: "contract-verification", timestamp: clock.now, suites: [suite])
/// try JUnitWriter().write(report, to: "Reports/TEST-contract-verification.xml")
/// ```
public struct TestReport: Sendable, Hashable {
    /// The run's name, written as the `name` of `<testsuites>`; Treaty uses `contract-verification`.
    public var name: String
    /// When the run started; written in UTC with second precision.
    public var timestamp: Date
    /// The suites, one per contract. The writer sorts them; see ``JUnitWriter``.
    public var suites: [TestSuiteReport]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - name: The run's name, for example `contract-verification`.
    ///   - timestamp: When the run started.
    ///   - suites: One suite per contract, in any order.
    public init(name: String, timestamp: Date, suites: [TestSuiteReport]) {
        self.name = name
        self.timestamp = timestamp
        self.suites = suites
    }

    /// The number of test cases in all suites.
    public var tests: Int { suites.reduce(0) { $0 + $1.tests } }
    /// The number of failed test cases in all suites.
    public var failures: Int { suites.reduce(0) { $0 + $1.failures } }
    /// The number of test cases that could not be verified, in all suites.
    public var errors: Int { suites.reduce(0) { $0 + $1.errors } }
    /// The number of skipped test cases in all suites.
    public var skipped: Int { suites.reduce(0) { $0 + $1.skipped } }
    /// The sum of the suites' durations, in milliseconds; never negative.
    public var durationMilliseconds: Int { suites.reduce(0) { $0 + $1.durationMilliseconds } }
}
