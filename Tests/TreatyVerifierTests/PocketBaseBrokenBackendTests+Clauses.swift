import Testing
import TreatyCore
import TreatyDialectKit
import TreatyVerifier

@testable import TreatyPocketBase

extension PocketBaseBrokenBackendTests {
    /// The names of the blog contract's generated cases tagged with `clause`.
    static func casesProving(_ clause: String) throws -> Set<String> {
        let schema = try #require(PocketBasePlugin().decodeSchema(of: contract).schema)
        let suites = try schema.suites(environment: VerificationEnvironment(isLive: false))
        return Set(suites.flatMap(\.cases).filter { $0.clauses.contains(clause) }.map(\.name))
    }

    /// Expects a case tagged with the clause the breakage breaks among the failed ones, so the
    /// breakage proves that clause's case, not another one.
    static func expectClauseCaseFails(_ run: VerificationRun, _ breakage: PocketBaseBreakage) throws {
        guard let clause = breakage.writesClause else { return }
        let proving = try casesProving(clause)
        #expect(
            run.cases.contains { !$0.passed && proving.contains($0.name) },
            "a backend that \(breakage.testDescription) must fail a case of \(clause) (\(proving.sorted())); failed:\n\(run.problems)"
        )
    }
}
