import Foundation
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyHTTP
import TreatySimulator
import TreatyVerifier

@testable import TreatyREST

/// The verifier's live HTTP path through URLSession — what an app's test bundle uses where
/// libcurl is not linked (iOS, tvOS, watchOS, visionOS) — against the in-process simulator on
/// 127.0.0.1, next to the same run through libcurl.
@Suite struct URLSessionVerifierTests {
    /// The generated live suites of the demo contract, run through `transport` against a fresh
    /// simulator serving the demo fixtures.
    static func liveRun(transport: HTTPTransportKind) async throws -> VerificationRun {
        let contract = DemoAPI.contract
        let backend = SimulatedBackend(contract: contract, fixtures: DemoAPI.fixtures) {
            RESTDialect(contract: contract)
        }
        let store = backend.makeStore(configuration: StoreConfiguration(clock: .system))
        return try await Simulator.withRunning(dialect: backend.makeDialect(), store: store) { url in
            var configuration = VerifierConfiguration()
            configuration.http.transport = transport
            let schema = try #require(RESTSyncPlugin().decodeSchema(of: contract).schema)
            let suites = try schema.suites(environment: VerificationEnvironment(isLive: true))
            return try await Verifier(configuration: configuration, logger: DemoAPI.quietLogger)
                .run(contract: contract, suites: suites, on: .live(LiveTarget(baseURL: url.absoluteString)))
        }
    }

    @Test("a live run through URLSession against the simulator on 127.0.0.1 passes every case, as through libcurl")
    func liveRunMatchesLibcurl() async throws {
        let viaURLSession = try await Self.liveRun(transport: .urlSession)
        let viaLibcurl = try await Self.liveRun(transport: .libcurl)
        #expect(viaURLSession.target.hasPrefix("http://127.0.0.1:"))
        #expect(viaURLSession.cases.count > 10)
        #expect(viaURLSession.succeeded, "\(viaURLSession.problems)")
        #expect(viaURLSession.cases.map(\.name) == viaLibcurl.cases.map(\.name))
        #expect(viaURLSession.cases.map(\.outcome) == viaLibcurl.cases.map(\.outcome))
        let exchanges = viaURLSession.cases.flatMap(\.exchanges)
        #expect(!exchanges.isEmpty)
        #expect(exchanges.allSatisfy { $0.status != nil }, "every request got an answer over URLSession")
    }

    @Test("a mock run through URLSession passes every generated case")
    func mockRun() async throws {
        let contract = DemoAPI.contract
        let backend = SimulatedBackend(contract: contract, fixtures: DemoAPI.fixtures) {
            RESTDialect(contract: contract)
        }
        var configuration = VerifierConfiguration()
        configuration.http.transport = .urlSession
        let run = try await Verifier(configuration: configuration, logger: DemoAPI.quietLogger)
            .run(contract: contract, suites: DemoAPI.generatedSuites, on: .mock(MockTarget(backend: backend)))
        #expect(run.succeeded, "\(run.problems)")
        #expect(run.cases.count == DemoAPI.generatedSuites.flatMap(\.cases).count)
    }
}
