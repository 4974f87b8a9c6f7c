import Foundation
import HTTPTypes
import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyVerifier

@testable import TreatyREST

/// The mutation runner on the demo contract: killed mutants name the case, survivors are
/// reported (or accepted), and a hanging mutant is bounded by the time limit.
@Suite struct MutationRunnerTests {
    static var schema: any DialectSchema {
        get throws { try #require(RESTSyncPlugin().decodeSchema(of: DemoAPI.contract).schema) }
    }

    /// Runs `mutants` against the demo's simulator. The default time limit is a guard against a
    /// hang, not a bound: a full test run on 2 cores starves a mutant's suite for minutes, and a
    /// run cut by the limit would count a survivor as killed.
    static func run(
        _ mutants: [Mutant], contract: Contract = DemoAPI.contract, suites: [VerificationSuite] = DemoAPI.generatedSuites,
        timeout: Duration = .seconds(900)
    ) async throws -> MutationRun {
        let schema = try schema
        let backend = SimulatedBackend(contract: contract, fixtures: DemoAPI.fixtures) { RESTDialect(contract: contract) }
        return try await MutationRunner(jobs: 2, timeout: timeout, logger: DemoAPI.quietLogger).run(
            contract: contract, schema: schema, backend: backend, suites: suites, mutants: mutants)
    }

    static func mutants(_ ids: [String]) throws -> [Mutant] {
        let all = try schema.mutationAnatomy().mutants()
        return try ids.map { id in try #require(all.first { $0.id == id }, "no mutant \(id)") }
    }

    @Test("the demo contract's anatomy yields mutants of every kind of site")
    func anatomy() throws {
        let ids = try Self.schema.mutationAnatomy().mutants().map(\.id)
        #expect(ids.contains("RS-drop-key:task.title"))
        #expect(ids.contains("RS-reversed-order:task.list"))
        #expect(ids.contains("RS-tombstone-dropped:task.list"))
        #expect(ids.contains("RS-parameter-ignored:task.list.since_version"))
        #expect(ids.contains("RS-write-not-applied:task.update"))
        #expect(ids.count > 60, "\(ids.count)")
    }

    @Test("a mutant the suites catch is killed by the case that failed")
    func killed() async throws {
        let run = try await Self.run(Self.mutants(["RS-drop-key:task.title", "RS-write-not-applied:task.update"]))
        #expect(run.killed.count == 2, "\(run.results)")
        #expect(run.score == 100)
        for result in run.results {
            guard case .killed(let name, let reason) = result.outcome else { continue }
            #expect(!name.isEmpty && !reason.isEmpty)
        }
    }

    @Test("a survivor fails the run until the contract accepts it")
    func survivorAccepted() async throws {
        let survivor = Mutant(
            id: "RS-test-noop:all", operatorName: "test-noop", behaviour: "changes nothing", clause: "rest-sync.md"
        ) { request, _, forward in forward(request) }
        let run = try await Self.run([survivor])
        #expect(run.survivors.map(\.id) == ["RS-test-noop:all"])
        #expect(!run.succeeded && run.score == 0)
        var contract = DemoAPI.contract
        contract.acceptedMutants = [AcceptedMutant(mutant: "RS-test-noop:all", reason: "no client can tell")]
        let accepted = try await Self.run([survivor], contract: contract)
        #expect(accepted.succeeded && accepted.accepted.count == 1 && accepted.score == 100)
    }

    @Test(
        "a mutant whose answers hang is killed by the time limit, and the run goes on",
        .timeLimit(.minutes(5)))
    func hangIsBounded() async throws {
        let hung = Mutex(false)
        let hang = Mutant(id: "RS-test-hang:all", operatorName: "test-hang", behaviour: "hangs", clause: "rest-sync.md") {
            request, _, forward in
            // The first read hangs well past the limit; blocking one event-loop thread is the
            // worst a dialect can do.
            if request.method == .get, !hung.withLock({ flag in defer { flag = true }; return flag }) {
                Thread.sleep(forTimeInterval: 6)
            }
            return forward(request)
        }
        // The time limit above fails the test if the hang stalls the run; a wall-clock bound here
        // would fail on a machine busy with other tests. The shape checks alone read (and so
        // hang) and catch the dropped key, and keep the real backend's run short.
        let run = try await Self.run(
            [hang] + Self.mutants(["RS-drop-key:task.title"]),
            suites: DemoAPI.generatedSuites.filter { $0.name == "demo.shapes" }, timeout: .seconds(2))
        let outcome = run.results.first { $0.id == "RS-test-hang:all" }?.outcome
        #expect(outcome?.isKilled == true, "\(String(describing: outcome))")
        #expect(run.killed.count == 2)
    }

    @Test("an accepted id that names no mutant is a located warning with the closest id")
    func unknownAccepted() throws {
        var contract = DemoAPI.contract
        contract.acceptedMutants = [
            AcceptedMutant(
                mutant: "RS-drop-key:task.titel", reason: "typo", location: SourceLocation(file: "c.yaml", line: 3, column: 7))
        ]
        let diagnostics = MutationRunner.acceptanceDiagnostics(
            of: contract, mutants: try Self.schema.mutationAnatomy().mutants())
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.details == ["did you mean 'RS-drop-key:task.title'?"])
        #expect(diagnostics.first?.location?.line == 3)
    }
}
