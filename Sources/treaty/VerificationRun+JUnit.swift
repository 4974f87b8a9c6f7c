import Foundation
import TreatyCore
import TreatyDialectKit
import TreatyReports
import TreatyVerifier

// The bridge from a run to JUnit lives in the CLI, the one place that writes reports, so the
// verifier (and `TreatyTesting` in an app's test bundle) links neither `TreatyReports` nor
// libxml2.
extension VerificationRun {
    /// The run as a JUnit report (see `TreatyReports`): one `<testsuite>` per suite, one
    /// `<testcase>` per case in suite order, `classname` `contracts.<api>.<suite>`.
    ///
    /// A failure's `message` is the first finding's rule id, JSON pointer and summary (with a
    /// count of the others); its text holds every finding in full, then the redacted requests
    /// and responses of the case.
    ///
    /// - Parameter hostname: The `hostname` attribute (injected so reports are reproducible).
    func junitReport(hostname: String) -> TestReport {
        let suites = self.suites.map { suite in
            let provider = suite.name.hasPrefix(api + ".") ? String(suite.name.dropFirst(api.count + 1)) : suite.name
            let classname = TestCaseReport.classname(consumer: api, provider: provider)
            return TestSuiteReport(
                name: suite.name, package: "contracts.\(api)", file: suite.file, hostname: hostname, timestamp: startedAt,
                properties: [TestProperty(name: "treaty.target", value: target)],
                cases: suite.cases.map { testCase($0, classname: classname) })
        }
        return TestReport(name: "contract-verification", timestamp: startedAt, suites: suites)
    }

    private func testCase(_ result: CaseResult, classname: String) -> TestCaseReport {
        let outcome: TestOutcome
        switch result.outcome {
        case .passed: outcome = .passed
        case .skipped(let reason): outcome = .skipped(message: reason)
        case .failed(let findings): outcome = .failed(problem(findings, result))
        case .errored(let finding): outcome = .errored(problem([finding], result))
        }
        return TestCaseReport(
            name: result.name, classname: classname, file: result.location?.file, line: result.location?.line,
            durationMilliseconds: result.durationMilliseconds, outcome: outcome, systemOut: nil, systemErr: nil,
            properties: result.rules.map { TestProperty(name: "rule", value: $0.rawValue) })
    }

    private func problem(_ findings: [Finding], _ result: CaseResult) -> TestProblem {
        let first = findings[0]
        let others = findings.count > 1 ? " (+\(findings.count - 1) more)" : ""
        var detail = findings.map { finding in
            finding.detail.isEmpty ? finding.headline : "\(finding.headline)\n\(finding.detail)"
        }.joined(separator: "\n\n")
        if !result.exchanges.isEmpty {
            detail += "\n\n" + result.exchanges.map(\.transcript).joined(separator: "\n\n")
        }
        return TestProblem(message: first.headline + others, type: first.category.rawValue, detail: detail)
    }
}
