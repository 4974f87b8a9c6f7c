import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyTestSupport
import TreatyVerifier

@testable import TreatyCloudKit

/// The generated CloudKit suites prove their worth: the simulator passes the gallery contract's
/// suites with nothing skipped, and a simulator that gets CloudKit Web Services wrong in one way
/// fails them with that way's CK rule.
@Suite struct CloudKitBrokenBackendTests {
    static let contract: Contract = {
        guard let contract = ContractLoader(vocabulary: .treatyDialects).load(fileAt: DemoAPI.root + "/Contracts/gallery/contract.yaml").contract
        else { preconditionFailure("the gallery contract must load") }
        return contract
    }()

    static func verify(_ wrap: @escaping @Sendable (any Dialect) -> any Dialect = { $0 }) async throws -> VerificationRun {
        let schema = try #require(CloudKitPlugin().decodeSchema(of: contract).schema)
        let setup = BackendSetup(contract: contract, fixtures: DemoAPI.root + "/Fixtures/gallery")
        let built = try #require(schema.makeBackend(setup).backend)
        let backend = SimulatedBackend(contract: built.contract, fixtures: built.fixtures) { wrap(built.makeDialect()) }
        let suites = try schema.suites(environment: VerificationEnvironment(isLive: false))
        return try await Verifier(logger: DemoAPI.quietLogger).run(
            contract: contract, suites: suites, on: .mock(MockTarget(backend: backend)), dialect: schema)
    }

    @Test("the CloudKit simulator passes every generated case of the gallery contract")
    func correctSimulatorPasses() async throws {
        let run = try await Self.verify()
        #expect(run.succeeded, "the CloudKit simulator failed (\(run.tally)):\n\(run.problems)")
        #expect(run.tally.skipped == 0, "skipped:\n\(run.problems)")
        #expect(run.tally.passed == 45)
    }

    @Test("a CloudKit backend that breaks one rule fails the generated suites with it", arguments: CloudKitBreakage.allCases)
    func brokenBackendFails(_ breakage: CloudKitBreakage) async throws {
        let run = try await Self.verify { BrokenCloudKitDialect(breakage: breakage, wrapped: $0) }
        run.expectFailure(with: breakage.expectedRule, fromABackendThat: breakage.testDescription)
    }
}
