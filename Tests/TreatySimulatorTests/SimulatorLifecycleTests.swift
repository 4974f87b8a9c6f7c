import HTTPTypes
import Foundation
import NIOHTTP1
import Testing
import TreatyJSON
import TreatyDialect
import TreatySimulator

@Suite struct SimulatorLifecycleTests {
    struct Boom: Error {}

    /// Whether the simulator that journaled a request for `marker` no longer listens at `url`:
    /// the port refuses, or — when a server of a test running beside this one took the freed
    /// port — whoever answers there never saw `marker`.
    static func stopped(_ url: URL, marker: String) async -> Bool {
        guard await TestClient.accepts(url) else { return true }
        guard let journal = try? await TestClient.send(TestRequest(.GET, "/__treaty/requests"), to: url).json() else {
            return true
        }
        return !journal.serialized().contains(marker)
    }

    @Test("withRunning listens on an ephemeral port and answers through the dialect")
    func ephemeralPort() async throws {
        let store = try TestStore.make()
        let response = try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            #expect(url.host == "127.0.0.1")
            #expect((url.port ?? 0) > 0)
            return try await TestClient.send(TestRequest(.GET, "/hello?x=1"), to: url)
        }
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == [String(response.body.count)])
        let echo = try response.json()
        #expect(echo["path"] == "/hello")
        #expect(echo["query"] == ["x=1"])
    }

    @Test("withRunning stops the server even when the body throws, so the port refuses afterwards")
    func stopsWhenBodyThrows() async throws {
        let store = try TestStore.make()
        let seen = URLBox()
        let marker = "thrown-\(UUID().uuidString)"
        await #expect(throws: Boom.self) {
            try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
                seen.url = url
                #expect(try await TestClient.send(TestRequest(.GET, "/\(marker)"), to: url).status == 200)
                throw Boom()
            }
        }
        let url = try #require(seen.url)
        #expect(await Self.stopped(url, marker: marker))
    }

    @Test("start and stop: the port refuses after stop, and stopping twice is harmless")
    func startAndStop() async throws {
        let running = try await Simulator(dialect: EchoDialect(), store: try TestStore.make()).start()
        #expect(running.port > 0)
        #expect(running.url.absoluteString == "http://127.0.0.1:\(running.port)")
        let marker = "started-\(UUID().uuidString)"
        let response = try await TestClient.send(TestRequest(.GET, "/\(marker)"), to: running.url)
        #expect(response.status == 200)
        try await running.stop()
        try await running.stop()
        #expect(await Self.stopped(running.url, marker: marker))
    }

    @Test("a port already in use is a clear error")
    func portInUse() async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            let busy = SimulatorConfiguration(port: url.port ?? 0)
            await #expect(throws: SimulatorError.self) {
                _ = try await Simulator(dialect: EchoDialect(), store: store, configuration: busy).start()
            }
        }
    }

    @Test("keep-alive serves several requests on one connection")
    func keepAlive() async throws {
        let store = try TestStore.make()
        let responses = try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            try await TestClient.exchange(
                [
                    TestRequest(.GET, "/a"), TestRequest(.POST, "/b", text: "one"), TestRequest(.PUT, "/c", text: "two"),
                    TestRequest(.DELETE, "/d"),
                ], with: url)
        }
        #expect(responses.map(\.status) == [200, 200, 200, 200])
        #expect(try responses.map { try $0.json()["path"] } == ["/a", "/b", "/c", "/d"])
        #expect(try responses[2].json()["body"] == "two")
        #expect(responses.allSatisfy { !$0.headers["connection"].contains("close") })
    }

    @Test("200 concurrent requests are all answered")
    func concurrentRequests() async throws {
        let store = try TestStore.make()
        let statuses = try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            try await withThrowingTaskGroup(of: Int.self) { group in
                let connectTimeout = TestClient.connectTimeout(concurrent: 200)
                for index in 0..<200 {
                    group.addTask {
                        try await TestClient.send(
                            TestRequest(.GET, "/items/\(index)"), to: url, connectTimeout: connectTimeout
                        ).status
                    }
                }
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                return statuses
            }
        }
        #expect(statuses.count == 200)
        #expect(statuses.allSatisfy { $0 == 200 })
    }

    @Test("stop lets an in-flight request finish")
    func gracefulStop() async throws {
        let configuration = SimulatorConfiguration(faults: [FaultRule(action: .latency(300))])
        let running = try await Simulator(dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration)
            .start()
        let url = running.url
        let marker = "slow-\(UUID().uuidString)"
        async let response = TestClient.send(TestRequest(.GET, "/\(marker)"), to: url)
        // Wait until the slow request has arrived (admin requests are not delayed).
        let deadline = ContinuousClock.now + .seconds(180)
        while ContinuousClock.now < deadline {
            let count = try await TestClient.send(TestRequest(.GET, "/__treaty/requests/count"), to: url).json()
            if count == ["count": 1] { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        try await running.stop()
        #expect(try await response.status == 200)
        #expect(await Self.stopped(url, marker: marker))
    }

    @Test("HEAD answers the length of the body without sending it")
    func headRequest() async throws {
        let store = try TestStore.make()
        let responses = try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            try await TestClient.exchange([TestRequest(.HEAD, "/a"), TestRequest(.GET, "/a")], with: url)
        }
        #expect(responses[0].status == 200)
        #expect(responses[0].body.isEmpty)
        // The echo of "HEAD" is one byte longer than the echo of "GET".
        #expect(responses[0].headers["content-length"] == [String(responses[1].body.count + 1)])
    }
}

/// Carries the URL out of the scoped body for the assertion after it.
final class URLBox: @unchecked Sendable {
    // Written once inside the body and read after `withRunning` returns; never concurrently.
    var url: URL?
}
