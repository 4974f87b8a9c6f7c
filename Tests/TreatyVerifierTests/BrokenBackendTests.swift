import Testing
import TreatyCore
import TreatyDialectKit
import TreatyVerifier

@testable import TreatyREST

/// The generated suites prove their worth: the simulator passes them, and a simulator broken in
/// any one rest-sync behaviour fails them with that behaviour's rule.
@Suite struct BrokenBackendTests {
    @Test("the correct simulator passes every generated case, none skipped")
    func correctSimulatorPasses() async throws {
        let run = try await DemoAPI.verify { RESTDialect(contract: $0) }
        let succeeded = run.succeeded
        #expect(succeeded, "the plain RESTDialect failed (\(run.tally)):\n\(run.problems)")
        let tally = run.tally
        #expect(tally.skipped == 0, "skipped on the demo fixture:\n\(run.problems)")
        let suites = run.suites.map(\.name)
        #expect(suites == ["demo.shapes", "demo.task"], "shape checks, and round trips for the one creatable resource")
    }

    @Test("a backend that breaks one rule fails with that rule", arguments: Breakage.allCases)
    func brokenBackendFails(_ breakage: Breakage) async throws {
        let run = try await DemoAPI.verify { BrokenDialect(breakage, wrapping: RESTDialect(contract: $0)) }
        run.expectFailure(with: breakage.expectedRule, fromABackendThat: breakage.testDescription)
    }
}
