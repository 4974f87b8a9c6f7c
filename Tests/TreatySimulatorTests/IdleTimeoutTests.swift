import Foundation
import Testing
import TreatySimulator

/// Connections without a request are closed after the idle timeout; an answer being delayed
/// keeps its connection.
@Suite struct IdleTimeoutTests {
    static let request = "GET /notes HTTP/1.1\r\nhost: x\r\n\r\n"

    func withServer<T: Sendable>(idle: Duration?, faults: [FaultRule] = [], _ body: (URL) async throws -> T)
        async throws -> T
    {
        let configuration = SimulatorConfiguration(idleTimeout: idle, faults: faults)
        return try await Simulator.withRunning(
            dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration, body)
    }

    @Test("a connection that never sends a request is closed after the idle timeout")
    func silentConnection() async throws {
        try await withServer(idle: .milliseconds(300)) { url in
            let started = ContinuousClock.now
            let received = try await withTimeout(.seconds(30)) {
                try await RawConnection.with(url) { connection in try await connection.read() }
            }
            #expect(received.isEmpty)
            #expect(ContinuousClock.now - started >= .milliseconds(250))
        }
    }

    @Test("a keep-alive connection is closed once it has been idle for the timeout after its answer")
    func idleAfterAnswer() async throws {
        try await withServer(idle: .milliseconds(500)) { url in
            let received = try await ScriptedExchange.run(url, sending: Self.request)
            #expect(received.hasPrefix("HTTP/1.1 200"))
            #expect(!received.lowercased().contains("connection: close"), "the answer itself kept the connection")
        }
    }

    @Test("an answer delayed past the idle timeout still arrives, and the connection idles out after it")
    func delayedAnswer() async throws {
        let slow = FaultRule(action: .latency(1500))
        try await withServer(idle: .milliseconds(500), faults: [slow]) { url in
            let started = ContinuousClock.now
            let received = try await ScriptedExchange.run(url, sending: Self.request)
            #expect(received.hasPrefix("HTTP/1.1 200"))
            #expect(ContinuousClock.now - started >= .milliseconds(1500))
        }
    }

    @Test("without an idle timeout a quiet keep-alive connection still serves its next request")
    func noTimeout() async throws {
        try await withServer(idle: nil) { url in
            let received = try await withTimeout(.seconds(30)) {
                try await RawConnection.with(url) { connection in
                    try await connection.send(Self.request)
                    _ = try await connection.read(until: "\r\n\r\n")
                    try await Task.sleep(for: .milliseconds(700))
                    try await connection.send(Self.request)
                    return try await connection.read(until: "HTTP/1.1 200 OK\r\n", occurrences: 2)
                }
            }
            #expect(received.components(separatedBy: "HTTP/1.1 200").count == 3)
        }
    }
}
