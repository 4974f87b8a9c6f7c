import Foundation
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON
import TreatySimulator
import TreatyVerifier

@testable import TreatyREST

/// `treaty diff`'s library half: the generated suites run against a "live" simulator and a
/// simulated one, paired and compared. An undrifted pair has no divergence; fixtures edited to
/// drift are found.
@Suite struct RunComparisonTests {
    static func divergences(simulating fixtures: FixtureSet) async throws -> [Divergence] {
        let contract = DemoAPI.contract
        let original = SimulatedBackend(contract: contract, fixtures: DemoAPI.fixtures) { RESTDialect(contract: contract) }
        let running = try await Simulator(dialect: original.makeDialect(), store: original.makeStore()).start()
        let verifier = Verifier(configuration: VerifierConfiguration(readOnly: true), logger: DemoAPI.quietLogger)
        let live = try await verifier.run(
            contract: contract, suites: DemoAPI.generatedSuites, on: .live(LiveTarget(baseURL: running.url.absoluteString)))
        try await running.stop()
        let drifted = SimulatedBackend(contract: contract, fixtures: fixtures) { RESTDialect(contract: contract) }
        let simulated = try await verifier.run(
            contract: contract, suites: DemoAPI.generatedSuites, on: .mock(MockTarget(backend: drifted)))
        return RunComparison(comparer: SemanticComparer(contract: contract)).divergences(live: live, simulated: simulated)
    }

    static func editing(_ resource: String, _ edit: (inout [JSONObject]) -> Void) -> FixtureSet {
        var fixtures = DemoAPI.fixtures
        var records = fixtures.records[resource] ?? []
        edit(&records)
        fixtures.records[resource] = records
        return fixtures
    }

    @Test("the same fixtures on both sides: no divergence")
    func undrifted() async throws {
        let found = try await Self.divergences(simulating: DemoAPI.fixtures)
        #expect(found.isEmpty, "\(found.map(\.summary))")
    }

    @Test("a renamed user: a value divergence on GET /users naming the pointer")
    func valueDrift() async throws {
        let found = try await Self.divergences(simulating: Self.editing("user") { $0[0]["display_name"] = "Someone else" })
        #expect(found.contains { $0.kind == .value && $0.request == "GET /users" && $0.pointer == "/0/display_name" }, "\(found.map(\.summary))")
    }

    @Test("a user missing: an identity divergence on GET /users")
    func identityDrift() async throws {
        let found = try await Self.divergences(simulating: Self.editing("user") { $0.removeLast() })
        #expect(found.contains { $0.kind == .identity && $0.request == "GET /users" }, "\(found.map(\.summary))")
    }

    @Test("two tasks' positions swapped: an order divergence on the task list")
    func orderDrift() async throws {
        let found = try await Self.divergences(
            simulating: Self.editing("task") { tasks in
                let first = tasks[0]["position"], second = tasks[1]["position"]
                tasks[0]["position"] = second
                tasks[1]["position"] = first
            })
        #expect(found.contains { $0.kind == .order }, "\(found.map(\.summary))")
    }

    /// A run of one suite holding the case `name` with `outcome` and no exchanges.
    static func run(_ name: String, _ outcome: CaseOutcome) -> VerificationRun {
        let result = CaseResult(
            suite: "demo.task", name: name, rules: [], location: nil, outcome: outcome, durationMilliseconds: 0,
            exchanges: [])
        return VerificationRun(
            api: "demo", target: "x", startedAt: Date(timeIntervalSince1970: 0),
            suites: [SuiteResult(name: "demo.task", file: nil, cases: [result])])
    }

    @Test("a case skipped on the live side is left out; one skipped only by the simulator is a flow divergence")
    func skips() {
        let comparison = RunComparison(comparer: SemanticComparer(contract: DemoAPI.contract))
        #expect(comparison.divergences(live: Self.run("c", .skipped("settings")), simulated: Self.run("c", .passed)).isEmpty)
        let simulatorSkipped = comparison.divergences(live: Self.run("c", .passed), simulated: Self.run("c", .skipped("no")))
        #expect(simulatorSkipped.map(\.kind) == [.flow], "\(simulatorSkipped)")
    }
}
