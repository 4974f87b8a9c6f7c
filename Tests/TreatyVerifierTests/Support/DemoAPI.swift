import Logging
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatySimulator
import TreatyVerifier
import TreatyTestSupport

@testable import TreatyREST

/// The demo contract and fixtures, found from this file's location (never the working
/// directory), and helpers that verify them.
enum DemoAPI {
    /// The repository root.
    static var root: String { DemoFiles.root }

    /// This test target's directory.
    static let testsDirectory: String = {
        "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
    }()

    static var contract: Contract { DemoFiles.contract }
    static var fixtures: FixtureSet { DemoFiles.fixtures }

    /// A logger that writes nothing: tests print nothing.
    static let quietLogger = Logger(label: "treaty.verifier.tests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The suites rest-sync generates for the demo contract.
    static var generatedSuites: [VerificationSuite] {
        (try? RESTSyncPlugin().decodeSchema(of: contract).schema?.suites(environment: VerificationEnvironment(isLive: false)))
            ?? []
    }

    /// Runs `suites` (by default the generated ones) against the simulator serving the demo
    /// fixtures with the dialect `makeDialect` builds from the contract.
    static func verify(
        _ suites: [VerificationSuite] = DemoAPI.generatedSuites,
        makeDialect: @escaping @Sendable (Contract) -> any Dialect = { RESTDialect(contract: $0) }
    ) async throws -> VerificationRun {
        let contract = self.contract
        let backend = SimulatedBackend(contract: contract, fixtures: fixtures) { makeDialect(contract) }
        let target = VerificationTarget.mock(MockTarget(backend: backend))
        return try await Verifier(logger: quietLogger).run(contract: contract, suites: suites, on: target)
    }
}

extension VerificationRun {
    /// Every case, in run order.
    var cases: [CaseResult] { suites.flatMap(\.cases) }

    /// The distinct rule ids of the failed cases' findings, sorted.
    var failedRules: [RuleID] {
        Set(cases.flatMap(\.findings).compactMap(\.rule)).sorted()
    }

    /// Expects the run of a backend broken on purpose to fail, with `rule` among its failures.
    func expectFailure(
        with rule: RuleID, fromABackendThat description: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(!succeeded, "the verifier passed a backend that \(description) (\(tally))", sourceLocation: sourceLocation)
        #expect(
            failedRules.contains(rule),
            """
            a backend that \(description) must fail with \(rule); \
            failed rules: \(failedRules.map(\.rawValue).joined(separator: ", "))
            \(problems)
            """, sourceLocation: sourceLocation)
    }

    /// One line per case that did not pass: its outcome and its findings' headlines.
    var problems: String {
        cases.filter { !$0.passed }.map { result in
            let head = "\(result.suite) | \(result.name)"
            switch result.outcome {
            case .passed: return head
            case .skipped(let reason): return "\(head): skipped (\(reason))"
            case .errored(let finding): return "\(head): errored: \(finding.headline)"
            case .failed(let findings): return ([head] + findings.map { "  " + $0.headline }).joined(separator: "\n")
            }
        }.joined(separator: "\n")
    }
}
