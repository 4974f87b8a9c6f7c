import HTTPTypes
import Foundation
import NIOHTTP1
import Testing
import TreatyJSON
import TreatyDialect
import TreatySimulator

@Suite struct FaultInjectionTests {
    func withFaults<T: Sendable>(
        _ faults: [FaultRule],
        seed: UInt64 = 0,
        _ body: (URL) async throws -> T
    ) async throws -> T {
        let configuration = SimulatorConfiguration(faults: faults, seed: seed)
        return try await Simulator.withRunning(
            dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration, body)
    }

    @Test("a status fault answers with the dialect's error body")
    func statusFault() async throws {
        let rule = FaultRule(method: .patch, path: "/projects/*/tasks/*", action: .status(.serviceUnavailable))
        try await withFaults([rule]) { url in
            let hit = try await TestClient.send(TestRequest(.PATCH, "/projects/P1/tasks/T1", text: "{}"), to: url)
            #expect(hit.status == 503)
            #expect(try hit.json() == ["failure": "injected-status", "status": 503])
            let otherMethod = try await TestClient.send(TestRequest(.GET, "/projects/P1/tasks/T1"), to: url)
            #expect(otherMethod.status == 200)
            let otherPath = try await TestClient.send(TestRequest(.PATCH, "/projects/P1/tasks", text: "{}"), to: url)
            #expect(otherPath.status == 200)
            let journal = try await TestClient.send(TestRequest(.GET, "/__treaty/requests?method=PATCH"), to: url).json()
            #expect(journal["requests"]?[0]?["fault"] == "status")
            #expect(journal["requests"]?[1]?["fault"] == .null)
        }
    }

    @Test("a latency fault delays the answer by at least its milliseconds")
    func latencyFault() async throws {
        try await withFaults([FaultRule(path: "/slow/**", action: .latency(50))]) { url in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await TestClient.send(TestRequest(.GET, "/slow/one"), to: url)
            let elapsed = clock.now - start
            #expect(response.status == 200)
            #expect(elapsed >= .milliseconds(50))
            #expect(elapsed < .seconds(180), "the delay is a fault, not a hang")
        }
    }

    @Test("a latency range delays by at least its minimum")
    func latencyRange() async throws {
        try await withFaults([FaultRule(action: .latency(milliseconds: 30...60))]) { url in
            let clock = ContinuousClock()
            let start = clock.now
            _ = try await TestClient.send(TestRequest(.GET, "/x"), to: url)
            #expect(clock.now - start >= .milliseconds(30))
        }
    }

    @Test("a reset fault closes the connection without an answer")
    func resetFault() async throws {
        try await withFaults([FaultRule(path: "/flaky", action: .reset)]) { url in
            await #expect(throws: (any Error).self) {
                _ = try await TestClient.send(TestRequest(.GET, "/flaky"), to: url)
            }
            #expect(try await TestClient.send(TestRequest(.GET, "/fine"), to: url).status == 200)
            let journal = try await TestClient.send(TestRequest(.GET, "/__treaty/requests?path=/flaky"), to: url).json()
            #expect(journal["requests"]?[0]?["status"] == .null)
            #expect(journal["requests"]?[0]?["fault"] == "reset")
        }
    }

    @Test("a rate-limit fault answers 429 with Retry-After, added when the dialect leaves it out")
    func rateLimitFault() async throws {
        try await withFaults([FaultRule(action: .rateLimit(retryAfterSeconds: 30))]) { url in
            let response = try await TestClient.send(TestRequest(.GET, "/anything"), to: url)
            #expect(response.status == 429)
            #expect(response.headers["retry-after"] == ["30"])
            #expect(try response.json()["failure"] == "rate-limited")
        }
    }

    @Test("probability 0 never fires")
    func probabilityZero() async throws {
        try await withFaults([FaultRule(probability: 0, action: .status(.internalServerError))]) { url in
            let requests = (0..<50).map { TestRequest(.GET, "/n/\($0)") }
            let statuses = try await TestClient.exchange(requests, with: url).map(\.status)
            #expect(statuses == Array(repeating: 200, count: 50))
        }
    }

    @Test("a seeded probability fires on the same requests in every run")
    func seededProbability() async throws {
        let rule = FaultRule(probability: 0.5, action: .status(.serviceUnavailable))
        let requests = (0..<40).map { TestRequest(.GET, "/n/\($0)") }
        let first = try await withFaults([rule], seed: 42) { try await TestClient.exchange(requests, with: $0).map(\.status) }
        let second = try await withFaults([rule], seed: 42) { try await TestClient.exchange(requests, with: $0).map(\.status) }
        #expect(first == second)
        #expect(first.contains(200) && first.contains(503))
        let other = try await withFaults([rule], seed: 7) { try await TestClient.exchange(requests, with: $0).map(\.status) }
        #expect(other != first)
    }

    @Test("clearing faults restarts the generator, so the same rules repeat their pattern")
    func clearRestartsGenerator() async throws {
        let rule = #"{"probability":0.5,"status":503}"#
        let requests = (0..<30).map { TestRequest(.GET, "/n/\($0)") }
        try await withFaults([], seed: 9) { url in
            var runs: [[Int]] = []
            for _ in 0..<2 {
                _ = try await TestClient.send(TestRequest(.DELETE, "/__treaty/faults"), to: url)
                _ = try await TestClient.send(TestRequest(.POST, "/__treaty/faults", text: rule), to: url)
                runs.append(try await TestClient.exchange(requests, with: url).map(\.status))
            }
            #expect(runs[0] == runs[1])
        }
    }

    @Test("admin requests are never faulted")
    func adminNotFaulted() async throws {
        try await withFaults([FaultRule(action: .status(.internalServerError))]) { url in
            let response = try await TestClient.send(TestRequest(.GET, "/__treaty/faults"), to: url)
            #expect(response.status == 200)
        }
    }
}
