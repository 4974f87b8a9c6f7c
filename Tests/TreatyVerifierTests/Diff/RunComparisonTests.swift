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
}
