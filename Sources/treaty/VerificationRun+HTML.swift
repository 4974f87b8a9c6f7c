import TreatyCore
import TreatyDialectKit
import TreatyJSON
import TreatyReports
import TreatyVerifier

extension VerificationRun {
    /// The run's suites as HTML report groups: one item per case, with its findings (expected
    /// and found kept apart, so the page can mark the answer), its exchanges and the endpoint it
    /// exercised, named by `contract`.
    func htmlGroups(contract: Contract) -> [HTMLReport.Group] {
        suites.map { suite in
            HTMLReport.Group(
                name: suite.name, file: suite.file,
                items: suite.cases.map { result in
                    HTMLReport.Item(
                        name: result.name, outcome: Self.outcome(result.outcome), rules: result.rules.map(\.rawValue),
                        location: result.location?.description, endpoint: endpoint(of: result, in: contract),
                        durationMilliseconds: result.durationMilliseconds,
                        findings: result.findings.map(Self.finding), exchanges: result.exchanges.map(Self.exchange))
                })
        }
    }

    /// The endpoint of the request the first finding names, else of the case's last request.
    private func endpoint(of result: CaseResult, in contract: Contract) -> String? {
        let named = result.findings.first.flatMap { finding in
            result.exchanges.last { finding.summary.contains($0.request) }
        }
        return (named ?? result.exchanges.last).map { EndpointName.of($0.request, in: contract) }
    }

    private static func outcome(_ outcome: CaseOutcome) -> HTMLReport.Item.Outcome {
        switch outcome {
        case .passed: .passed
        case .failed: .failed
        case .errored: .errored
        case .skipped(let reason): .skipped(reason)
        }
    }

    private static func finding(_ finding: Finding) -> HTMLReport.Finding {
        HTMLReport.Finding(
            rule: finding.rule?.rawValue, kind: finding.category.rawValue, pointer: finding.pointer?.description,
            summary: finding.summary, detail: finding.detail, expected: finding.expected, found: finding.found)
    }

    private static func exchange(_ exchange: Exchange) -> HTMLReport.Exchange {
        HTMLReport.Exchange(
            request: exchange.request, requestHeaders: exchange.requestHeaders, requestBody: exchange.requestBody,
            status: exchange.status, responseHeaders: exchange.responseHeaders, responseBody: exchange.responseBody,
            totalMilliseconds: exchange.totalMilliseconds)
    }
}
