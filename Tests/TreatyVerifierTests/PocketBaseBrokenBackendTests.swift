import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyTestSupport
import TreatyVerifier

@testable import TreatyPocketBase

/// The generated PocketBase suites prove their worth: the simulator passes the blog contract's
/// suites, and a simulator whose wire format is broken in one way fails them with that way's
/// PB rule.
@Suite struct PocketBaseBrokenBackendTests {
    static let contract: Contract = {
        guard let contract = ContractLoader(vocabulary: .treatyDialects).load(fileAt: DemoAPI.root + "/Contracts/blog/contract.yaml").contract
        else { preconditionFailure("the blog contract must load") }
        return contract
    }()

    /// Verifies the blog contract's generated suites against its simulated backend, whose
    /// dialect `wrap` may break.
    static func verify(_ wrap: @escaping @Sendable (any Dialect) -> any Dialect = { $0 }) async throws
        -> VerificationRun
    {
        let schema = try #require(PocketBasePlugin().decodeSchema(of: contract).schema)
        let built = try #require(schema.makeBackend(BackendSetup(contract: contract)).backend)
        let backend = SimulatedBackend(contract: built.contract, fixtures: built.fixtures) { wrap(built.makeDialect()) }
        let suites = try schema.suites(environment: VerificationEnvironment(isLive: false))
        return try await Verifier(logger: DemoAPI.quietLogger).run(
            contract: contract, suites: suites, on: .mock(MockTarget(backend: backend)))
    }

    @Test("the PocketBase simulator passes every generated case of the blog contract")
    func correctSimulatorPasses() async throws {
        let run = try await Self.verify()
        let succeeded = run.succeeded
        #expect(succeeded, "the PocketBase simulator failed (\(run.tally)):\n\(run.problems)")
        #expect(run.tally.skipped == 0, "skipped:\n\(run.problems)")
    }

    @Test("a failing run's exchanges show the login's password and token, and leaked token keys, masked")
    func failingRunShowsNoSecret() async throws {
        let run = try await Self.verify { BrokenPocketBaseDialect(breakage: .leaksTokenKey, wrapped: $0) }
        #expect(!run.succeeded)
        let transcripts = run.cases.flatMap(\.exchanges).map(\.transcript).joined(separator: "\n")
        let shown = transcripts + "\n" + run.problems
        #expect(!shown.contains("leaked-token-key"), "a token key in an answer")
        #expect(!shown.contains("admin-password-123"), "the superuser's password")
        #expect(!shown.contains("eyJ"), "a PocketBase token (a JWT)")
        #expect(transcripts.contains(#""tokenKey":"<redacted>""#), "the member is kept, its value masked")
        #expect(transcripts.contains(#""token":"<redacted>""#), "the login answer is kept, its token masked")
    }

    @Test("a PocketBase backend that breaks one part of the wire format fails with that rule",
          arguments: PocketBaseBreakage.allCases)
    func brokenBackendFails(_ breakage: PocketBaseBreakage) async throws {
        let run = try await Self.verify { BrokenPocketBaseDialect(breakage: breakage, wrapped: $0) }
        run.expectFailure(with: breakage.expectedRule, fromABackendThat: breakage.testDescription)
        try Self.expectClauseCaseFails(run, breakage)
    }
}
