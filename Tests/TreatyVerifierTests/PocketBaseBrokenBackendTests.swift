import Testing
import TreatyCore
import TreatyDialect
import TreatySimulator
import TreatyVerifier

/// The generated PocketBase suites prove their worth: the simulator passes the blog contract's
/// suites, and a simulator whose wire format is broken in one way fails them with that way's
/// PB rule.
@Suite struct PocketBaseBrokenBackendTests {
    static let contract: Contract = {
        guard let contract = ContractLoader().load(fileAt: DemoAPI.root + "/Contracts/blog/contract.yaml").contract
        else { preconditionFailure("the blog contract must load") }
        return contract
    }()

    static func verify(_ makeDialect: @escaping @Sendable (Contract) throws -> any Dialect) async throws
        -> VerificationRun
    {
        let target = VerificationTarget.mock(MockTarget(fixtures: FixtureSet(), makeDialect: makeDialect))
        return try await Verifier(logger: DemoAPI.quietLogger).run(
            contract: contract, suites: SuiteGenerator().suites(for: contract), on: target)
    }

    @Test("the PocketBase simulator passes every generated case of the blog contract")
    func correctSimulatorPasses() async throws {
        let run = try await Self.verify { try Simulator.dialect(for: $0) }
        let succeeded = run.succeeded
        #expect(succeeded, "the PocketBase simulator failed (\(run.tally)):\n\(run.problems)")
        #expect(run.tally.skipped == 0, "skipped:\n\(run.problems)")
    }

    @Test("a PocketBase backend that breaks one part of the wire format fails with that rule",
          arguments: PocketBaseBreakage.allCases)
    func brokenBackendFails(_ breakage: PocketBaseBreakage) async throws {
        let run = try await Self.verify { BrokenPocketBaseDialect(breakage: breakage, wrapped: try Simulator.dialect(for: $0)) }
        run.expectFailure(with: breakage.expectedRule, fromABackendThat: breakage.testDescription)
    }
}
