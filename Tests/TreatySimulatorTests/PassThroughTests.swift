import Foundation
import HTTPTypes
import Logging
import NIOHTTP1
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyHTTP
import TreatyJSON
import TreatySimulator
import TreatyTestSupport

@testable import TreatyREST

/// `treaty serve --spy` and `--validate` in process: a proxy simulator in front of a second
/// simulator playing the live backend, both on loopback ephemeral ports.
@Suite struct PassThroughTests {
    static let planted = "planted-secret-7f3a9c"

    /// Runs a live backend, then a proxy in front of it, and hands `body` both URLs.
    func withProxy<T: Sendable>(
        mode: PassThrough.Mode,
        live liveDialect: any Dialect = EchoDialect(),
        liveStore: RecordStore? = nil,
        liveFaults: [FaultRule] = [],
        proxy proxyDialect: any Dialect = EchoDialect(),
        proxyStore: RecordStore? = nil,
        timeout: Duration = .seconds(10),
        recorder: RouteRecorder? = nil,
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
        _ body: (_ proxy: URL, _ live: URL, _ ledger: ValidationLedger) async throws -> T
    ) async throws -> T {
        let liveConfiguration = SimulatorConfiguration(faults: liveFaults)
        return try await Simulator.withRunning(
            dialect: liveDialect, store: try liveStore ?? TestStore.make(), configuration: liveConfiguration
        ) { live in
            var clientConfiguration = HTTPClientConfiguration()
            clientConfiguration.requestTimeout = timeout
            let client = try HTTPClient(configuration: clientConfiguration, logger: logger)
            let ledger = ValidationLedger()
            let validator = try Self.demoSchema().map { AnswerValidator(judging: $0, ledger: ledger) }
            var configuration = SimulatorConfiguration(logger: logger)
            configuration.passThrough = PassThrough(
                mode: mode,
                backend: LiveBackend(url: live, client: client, requestsIdentityEncoding: mode == .validate),
                validator: mode == .validate ? validator : nil, recorder: recorder)
            do {
                let result = try await Simulator.withRunning(
                    dialect: proxyDialect, store: try proxyStore ?? TestStore.make(), configuration: configuration
                ) { proxy in
                    try await body(proxy, live, ledger)
                }
                await client.shutdown()
                return result
            } catch {
                await client.shutdown()
                throw error
            }
        }
    }

    static func demoSchema() throws -> (any DialectSchema)? {
        RESTSyncPlugin().decodeSchema(of: DemoFiles.contract).schema
    }

    static func demoBackend() -> (dialect: RESTDialect, store: RecordStore) {
        let store = RecordStore(
            contract: DemoFiles.contract, fixtures: DemoFiles.fixtures,
            configuration: StoreConfiguration(clock: .fixed(startMilliseconds: 1_735_689_600_000), seed: 1))
        return (RESTDialect(contract: DemoFiles.contract), store)
    }

    static func journal(_ url: URL) async throws -> [JSONValue] {
        try await TestClient.send(TestRequest(.GET, "/__treaty/requests"), to: url).json()["requests"]?.arrayValue ?? []
    }

    @Test("a validating proxy passes a conforming answer on unchanged and journals it as forwarded, without violations")
    func validateConforming() async throws {
        let demo = Self.demoBackend()
        try await withProxy(mode: .validate, live: demo.dialect, liveStore: demo.store) { proxy, live, ledger in
            let direct = try await TestClient.send(TestRequest(.GET, "/users"), to: live)
            let proxied = try await TestClient.send(TestRequest(.GET, "/users"), to: proxy)
            #expect(proxied.status == direct.status)
            #expect(proxied.body == direct.body)
            let entry = try #require(try await Self.journal(proxy).first)
            #expect(entry["origin"] == "forwarded")
            #expect(entry["violations"] == [])
            #expect(entry["endpoint"]?.stringValue?.contains("/users") == true)
            #expect(ledger.endpoints.map(\.answers) == [1])
            #expect(ledger.endpoints.first?.violations.isEmpty == true)
        }
    }

    @Test("a validating proxy reports each violation of a broken live answer with its rule, pointer and endpoint")
    func validateBroken() async throws {
        let sink = LogSink()
        var logger = Logger(label: "test", factory: { _ in sink })
        logger.logLevel = .info
        // The echo dialect answers every GET with an object: not the list the contract promises.
        try await withProxy(mode: .validate, logger: logger) { proxy, _, ledger in
            let proxied = try await TestClient.send(TestRequest(.GET, DemoID.tasksP1), to: proxy)
            #expect(proxied.status == 200)
            #expect(try proxied.json()["path"] == .string(DemoID.tasksP1), "the broken answer still reaches the client")
            let entry = try #require(try await Self.journal(proxy).first)
            let violations = try #require(entry["violations"]?.arrayValue)
            #expect(!violations.isEmpty)
            #expect(violations.allSatisfy { ($0["rule"]?.stringValue ?? "").isEmpty == false })
            let endpoint = try #require(ledger.endpoints.first)
            #expect(endpoint.name.contains("/projects/{project_id}/tasks"))
            #expect(endpoint.violations.count == violations.count)
            let logged = sink.lines.filter { $0.level == .warning && $0.metadata["rule"] != nil }
            #expect(logged.count == violations.count)
            #expect(logged.first?.metadata["endpoint"] == endpoint.name)
        }
    }

    @Test("an error of the live backend passes through unchanged and is judged against the dialect's error format")
    func errorsPassThrough() async throws {
        let fault = FaultRule(path: "/down", action: .status(.serviceUnavailable))
        try await withProxy(mode: .validate, liveFaults: [fault]) { proxy, live, ledger in
            let direct = try await TestClient.send(TestRequest(.GET, "/down"), to: live)
            let proxied = try await TestClient.send(TestRequest(.GET, "/down"), to: proxy)
            #expect(proxied.status == 503)
            #expect(proxied.body == direct.body)
            let entry = try #require(try await Self.journal(proxy).first)
            #expect(entry["status"] == 503)
            #expect(entry["origin"] == "forwarded")
            // The echo dialect's error body is not rest-sync's: the error-format rule says so.
            #expect(entry["violations"]?.arrayValue?.isEmpty == false)
            #expect(ledger.endpoints.map(\.name) == ["GET (no contract endpoint)"])
        }
    }

    @Test("a live backend that times out gets a 504 in the dialect's format, and the proxy keeps serving")
    func timeoutThenServe() async throws {
        let slow = FaultRule(path: "/slow", action: .latency(3000))
        try await withProxy(mode: .validate, liveFaults: [slow], timeout: .milliseconds(300)) { proxy, _, _ in
            let timedOut = try await TestClient.send(TestRequest(.GET, "/slow"), to: proxy)
            #expect(timedOut.status == 504)
            #expect(try timedOut.json() == ["failure": "injected-status", "status": 504])
            let next = try await TestClient.send(TestRequest(.GET, "/fast"), to: proxy)
            #expect(next.status == 200)
            let entries = try await Self.journal(proxy)
            #expect(entries.first?["upstreamError"]?.stringValue?.contains("in time") == true)
            #expect(entries.last?["upstreamError"] == nil)
        }
    }

    @Test("an unreachable live backend gets a 502, and the proxy keeps serving")
    func unreachable() async throws {
        let client = try HTTPClient(logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        // A port that was just free: nothing listens there.
        let closed = try await Simulator.withRunning(dialect: EchoDialect(), store: try TestStore.make()) { $0 }
        var configuration = SimulatorConfiguration()
        configuration.passThrough = PassThrough(mode: .validate, backend: LiveBackend(url: closed, client: client))
        try await Simulator.withRunning(
            dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration
        ) {
            proxy in
            let first = try await TestClient.send(TestRequest(.GET, "/anything"), to: proxy)
            #expect(first.status == 502)
            let second = try await TestClient.send(TestRequest(.GET, "/anything"), to: proxy)
            #expect(second.status == 502)
        }
        await client.shutdown()
    }

    @Test(
        "credentials reach the live backend but never the proxy's journal or log; hop-by-hop fields stop at the proxy")
    func secretsAndHopByHop() async throws {
        let sink = LogSink()
        var logger = Logger(label: "test", factory: { _ in sink })
        logger.logLevel = .trace
        try await withProxy(mode: .validate, logger: logger) { proxy, live, _ in
            let headers = [
                ("Authorization", "Bearer \(Self.planted)"), ("Connection", "keep-alive, X-Hop"), ("X-Hop", "1"),
                ("Keep-Alive", "timeout=5"), ("X-Trace", "kept"),
            ]
            let proxied = try await TestClient.send(TestRequest(.GET, DemoID.tasksP1, headers: headers), to: proxy)
            #expect(proxied.status == 200)
            let liveEntry = try #require(try await Self.journal(live).first)
            let liveHeaders = try #require(liveEntry["headers"])
            #expect(liveHeaders["authorization"] != nil, "the credential is passed through")
            #expect(liveHeaders["x-trace"] == "kept")
            #expect(liveHeaders["x-hop"] == nil)
            #expect(liveHeaders["keep-alive"] == nil)
            #expect(liveHeaders["host"]?.stringValue == "\(live.host ?? ""):\(live.port ?? 0)")
            let journalText = try await TestClient.send(TestRequest(.GET, "/__treaty/requests"), to: proxy).text
            #expect(!journalText.contains(Self.planted))
        }
        #expect(!sink.lines.contains { "\($0.message) \($0.metadata)".contains(Self.planted) })
    }

    @Test("a spy answers what its fixtures hold and forwards the rest, marking each journal entry")
    func spy() async throws {
        let demo = Self.demoBackend()
        try await withProxy(mode: .spy, proxy: demo.dialect, proxyStore: demo.store) { proxy, live, _ in
            let held = try await TestClient.send(TestRequest(.GET, DemoID.tasksP1), to: proxy)
            #expect(held.status == 200)
            #expect(try held.json().arrayValue?.count == 3)
            let unknownRoute = try await TestClient.send(TestRequest(.GET, "/health?deep=1"), to: proxy)
            #expect(unknownRoute.status == 200)
            #expect(try unknownRoute.json()["path"] == "/health")
            #expect(try unknownRoute.json()["query"] == ["deep=1"])
            let missing = DemoID.task(DemoID.new1)
            let missingRecord = try await TestClient.send(TestRequest(.GET, missing), to: proxy)
            #expect(try missingRecord.json()["path"] == .string(missing))
            let origins = try await Self.journal(proxy).map { $0["origin"]?.stringValue ?? "" }
            #expect(origins == ["simulated", "forwarded", "forwarded"])
            let page = try await TestClient.send(TestRequest(.GET, "/__treaty/ui/journal"), to: proxy).text
            #expect(
                page.contains("<td>forwarded</td>") && page.contains("<td>simulated</td>"),
                "the dashboard says who answered")
            #expect(try await Self.journal(live).count == 2)
        }
    }

    @Test("a recording spy keeps forwarded routes outside the dialect as stub routes a contract loads back")
    func recordRoutes() async throws {
        let demo = Self.demoBackend()
        let recorder = RouteRecorder()
        try await withProxy(mode: .spy, proxy: demo.dialect, proxyStore: demo.store, recorder: recorder) {
            proxy, _, _ in
            _ = try await TestClient.send(TestRequest(.GET, "/health?deep=1"), to: proxy)
            _ = try await TestClient.send(TestRequest(.GET, "/health?deep=1"), to: proxy)
            _ = try await TestClient.send(TestRequest(.GET, DemoID.task(DemoID.new1)), to: proxy)
            let exported = try await TestClient.send(TestRequest(.GET, "/__treaty/recorded/routes"), to: proxy)
            #expect(exported.status == 200)
            #expect(recorder.count == 1, "a record the store lacks is the dialect's traffic, not a route")
            #expect(
                exported.text.hasPrefix(
                    "routes:\n  - {\"method\":\"GET\",\"path\":\"/health\",\"match\":{\"query\":{\"deep\":{\"equals\":\"1\"}}}"
                ))
            let contract = ContractLoader(vocabulary: .treatyDialects).load(
                text: TestStore.contractText + "\n" + exported.text, file: "recorded.yaml")
            let route = try #require(contract.contract?.routes.first, "\(contract.diagnostics)")
            #expect(route.signature == "GET /health")
            #expect(route.answers.first?.body?["path"] == "/health")
        }
    }
}
