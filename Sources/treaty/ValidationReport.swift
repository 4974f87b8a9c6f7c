import Foundation
import TreatyReports
import TreatySimulator

/// A validating proxy's ledger as a JUnit report: one suite, one test case per contract
/// endpoint whose answers were judged, failed when any answer broke the contract.
struct ValidationReport {
    let api: String
    /// The live backend's URL, secrets masked.
    let target: String

    func junit(_ endpoints: [ValidationLedger.Endpoint], startedAt: Date, hostname: String) -> TestReport {
        let classname = TestCaseReport.classname(consumer: api, provider: "validate")
        let cases = endpoints.map { endpoint in
            TestCaseReport(
                name: endpoint.name, classname: classname, outcome: outcome(endpoint),
                properties: Set(endpoint.violations.map(\.violation.rule)).sorted().map {
                    TestProperty(name: "rule", value: $0)
                },
                assertions: endpoint.answers)
        }
        let suite = TestSuiteReport(
            name: "\(api).validate", package: "contracts.\(api)", hostname: hostname, timestamp: startedAt,
            properties: [TestProperty(name: "treaty.target", value: target)], cases: cases)
        return TestReport(name: "contract-validation", timestamp: startedAt, suites: [suite])
    }

    private func outcome(_ endpoint: ValidationLedger.Endpoint) -> TestOutcome {
        guard let first = endpoint.violations.first else { return .passed }
        let count = endpoint.violations.count + endpoint.omitted
        let message =
            "[\(first.violation.rule)] at \(first.violation.pointer.isEmpty ? "/" : first.violation.pointer): "
            + first.violation.message + (count > 1 ? " (+\(count - 1) more)" : "")
        var lines = endpoint.violations.map { occurrence in
            let place = occurrence.violation.pointer.isEmpty ? "/" : occurrence.violation.pointer
            let entry = occurrence.sequence.map { " (journal #\($0))" } ?? ""
            return
                "\(occurrence.request)\(entry): [\(occurrence.violation.rule)] at \(place): \(occurrence.violation.message)"
        }
        if endpoint.omitted > 0 { lines.append("… and \(endpoint.omitted) more violations not kept") }
        return .failed(TestProblem(message: message, type: first.violation.rule, detail: lines.joined(separator: "\n")))
    }
}
