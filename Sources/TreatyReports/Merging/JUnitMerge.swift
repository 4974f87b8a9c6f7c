import Foundation

/// Joins the reports of sharded or repeated runs into one report.
///
/// - Suites with the same `name` and `file` are joined into one suite. Its `package` and
///   `hostname` are the first non-empty ones (in the order of `reports`), its `timestamp` is the
///   earliest, and its properties are the union without exact duplicates.
/// - A joined suite's cases are ordered by `line` (cases without a line come last); cases with
///   equal lines keep their input order: report by report, in the order of `reports`, then in each
///   report's order. With lines known this is contract order, whatever the shard order.
/// - Two cases with the same `name` in one joined suite are an error, not renamed: shards must not
///   overlap, and CI tools would drop or mislabel one of them (GitLab keeps only the first).
/// - The suites come out in the writer's order (package, name, file), and the merged timestamp is
///   the earliest input timestamp (1970-01-01T00:00:00Z when there are no reports).
public enum JUnitMerge {
    /// Merges reports; see ``JUnitMerge`` for the rules.
    ///
    /// - Parameters:
    ///   - reports: The reports, for example one per shard, in a stable order (such as by file name).
    ///   - name: The merged report's name, for example `contract-verification`.
    /// - Returns: The merged report.
    /// - Throws: ``ReportError`` when a joined suite would contain two cases with the same name;
    ///   its message names the suite, the case and the (1-based) positions of the reports.
    public static func merge(_ reports: [TestReport], name: String) throws -> TestReport {
        var groups: [SuiteKey: SuiteGroup] = [:]
        var order: [SuiteKey] = []
        for (reportIndex, report) in reports.enumerated() {
            for suite in report.suites {
                let key = SuiteKey(name: suite.name, file: suite.file)
                if groups[key] == nil {
                    groups[key] = SuiteGroup(first: suite)
                    order.append(key)
                }
                groups[key]?.add(suite, fromReport: reportIndex + 1)
            }
        }
        let suites = try order.compactMap { groups[$0] }.map { try $0.joined() }
        let timestamp = reports.map(\.timestamp).min() ?? Date(timeIntervalSince1970: 0)
        var merged = TestReport(name: name, timestamp: timestamp, suites: suites)
        merged.suites = merged.orderedSuites
        return merged
    }
}

/// What identifies a suite across shards.
private struct SuiteKey: Hashable {
    var name: String
    var file: String?
}

/// The parts of one suite collected from several reports.
private struct SuiteGroup {
    var suite: TestSuiteReport
    /// Each case with the 1-based position of the report it came from.
    var cases: [(testCase: TestCaseReport, report: Int)] = []

    init(first: TestSuiteReport) {
        suite = first
        suite.cases = []
        suite.properties = []
    }

    mutating func add(_ other: TestSuiteReport, fromReport report: Int) {
        if suite.package?.isEmpty ?? true, let package = other.package, !package.isEmpty {
            suite.package = package
        }
        if suite.hostname.isEmpty { suite.hostname = other.hostname }
        suite.timestamp = min(suite.timestamp, other.timestamp)
        for property in other.properties where !suite.properties.contains(property) {
            suite.properties.append(property)
        }
        cases += other.cases.map { ($0, report) }
    }

    func joined() throws -> TestSuiteReport {
        var firstReport: [String: Int] = [:]
        for (testCase, report) in cases {
            if let earlier = firstReport[testCase.name] {
                throw ReportError.duplicateTestCase(
                    name: testCase.name, suite: suite.name, file: suite.file,
                    reports: earlier == report ? [report] : [earlier, report])
            }
            firstReport[testCase.name] = report
        }
        var result = suite
        result.cases = cases.enumerated()
            .sorted { lhs, rhs in
                let left = lhs.element.testCase.line ?? Int.max
                let right = rhs.element.testCase.line ?? Int.max
                return left != right ? left < right : lhs.offset < rhs.offset
            }
            .map(\.element.testCase)
        return result
    }
}
