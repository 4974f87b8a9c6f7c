import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyTestSupport
import TreatyVerifier

@testable import TreatyFileMaker

/// The generated FileMaker suites prove their worth: the simulator passes the music contract's
/// suites with nothing skipped, and a simulator whose wire format is broken in one way fails them
/// with that way's FM rule.
@Suite struct FileMakerBrokenBackendTests {
    static let contract: Contract = {
        guard let contract = ContractLoader(vocabulary: .treatyDialects).load(fileAt: DemoAPI.root + "/Contracts/music/contract.yaml").contract
        else { preconditionFailure("the music contract must load") }
        return contract
    }()

    /// Verifies the music contract's generated suites against its simulated backend (with the
    /// music fixtures), whose dialect `wrap` may break.
    static func verify(
        scenarios: Bool = false, _ wrap: @escaping @Sendable (any Dialect) -> any Dialect = { $0 }
    ) async throws -> VerificationRun {
        let schema = try #require(FileMakerPlugin().decodeSchema(of: contract).schema)
        let setup = BackendSetup(contract: contract, fixtures: DemoAPI.root + "/Fixtures/music")
        let built = try #require(schema.makeBackend(setup).backend)
        let backend = SimulatedBackend(contract: built.contract, fixtures: built.fixtures) { wrap(built.makeDialect()) }
        var suites = try schema.suites(environment: VerificationEnvironment(isLive: false))
        if scenarios {
            suites = try ScenarioLoader().loadDirectory(DemoAPI.root + "/Contracts/music/suites").map {
                try #require($0.suite)
            }
        }
        return try await Verifier(logger: DemoAPI.quietLogger).run(
            contract: contract, suites: suites, on: .mock(MockTarget(backend: backend)), dialect: schema)
    }

    @Test("the FileMaker simulator passes every generated case of the music contract")
    func correctSimulatorPasses() async throws {
        let run = try await Self.verify()
        #expect(run.succeeded, "the FileMaker simulator failed (\(run.tally)):\n\(run.problems)")
        #expect(run.tally.skipped == 0, "skipped:\n\(run.problems)")
        #expect(run.tally.passed >= 23)
    }

    @Test(
        "a FileMaker backend that breaks one part of the wire format fails with that rule",
        arguments: FileMakerBreakage.allCases)
    func brokenBackendFails(_ breakage: FileMakerBreakage) async throws {
        let run = try await Self.verify { BrokenFileMakerDialect(breakage: breakage, wrapped: $0) }
        run.expectFailure(with: breakage.expectedRule, fromABackendThat: breakage.testDescription)
    }

    @Test("the music scenario passes, and judges its answers with the FM rules of their layout")
    func scenarioJudgesAnswers() async throws {
        let run = try await Self.verify(scenarios: true)
        #expect(run.succeeded && run.tally.passed == 1, "\(run.problems)")
        let broken = try await Self.verify(scenarios: true) {
            BrokenFileMakerDialect(breakage: .dropsALayoutField, wrapped: $0)
        }
        broken.expectFailure(with: .fileMakerField, fromABackendThat: "drops a layout field (seen by a scenario)")
    }
}
