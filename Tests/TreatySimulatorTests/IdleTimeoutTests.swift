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

    /// What one scripted exchange saw: everything received until the server closed, and how
    /// long that took.
    struct Exchange: Sendable {
        var received: String
        var elapsed: Duration
    }

    /// Runs ``request`` once on a fresh connection to a server with idle timeout `idle` (and
    /// `latency` milliseconds more per answer when `latency` multiplies it, e.g. 3 for three
    /// times the timeout), reading until the server closes.
    ///
    /// The idle timer starts when the server accepts the connection. On a busy machine the
    /// request can reach it only after the timer ran out, and then the server rightly closes a
    /// connection that never asked for anything — a run that says nothing about answers. That
    /// is told apart by the journal, read in process (a request that arrived is in it), and
    /// repeated with four times the timeout, so the margin grows with what the machine needs
    /// instead of assuming a quiet one.
    func exchangeThatArrives(idle: Duration = .milliseconds(500), latency multiple: Int? = nil) async throws
        -> (exchange: Exchange, idle: Duration)
    {
        var idle = idle
        for _ in 0..<4 {
            let delay = multiple.map { idle * $0 }
            let faults = delay.map { [FaultRule(action: .latency(Self.milliseconds($0)))] } ?? []
            let configuration = SimulatorConfiguration(idleTimeout: idle, faults: faults)
            let running = try await Simulator(
                dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration
            )
            .start()
            let exchange: Exchange
            do {
                let started = ContinuousClock.now
                let received = try await ScriptedExchange.run(
                    running.url, sending: Self.request, timeout: .seconds(30) + idle * 4)
                exchange = Exchange(received: received, elapsed: ContinuousClock.now - started)
            } catch {
                try? await running.stop()
                throw error
            }
            let arrived = !running.control.requests().isEmpty
            try await running.stop()
            if arrived { return (exchange, idle) }
            idle *= 4
        }
        Issue.record("the request never reached the server before it idled out, even with a \(idle / 4) timeout")
        throw TestClientError.closedBeforeResponse
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    @Test("a keep-alive connection is closed once it has been idle for the timeout after its answer")
    func idleAfterAnswer() async throws {
        let (exchange, _) = try await exchangeThatArrives()
        #expect(exchange.received.hasPrefix("HTTP/1.1 200"))
        #expect(!exchange.received.lowercased().contains("connection: close"), "the answer itself kept the connection")
    }

    @Test("an answer delayed past the idle timeout still arrives, and the connection idles out after it")
    func delayedAnswer() async throws {
        let (exchange, idle) = try await exchangeThatArrives(latency: 3)
        #expect(exchange.received.hasPrefix("HTTP/1.1 200"))
        #expect(exchange.elapsed >= idle * 3)
    }

    @Test("without an idle timeout a quiet keep-alive connection still serves its next request")
    func noTimeout() async throws {
        try await withServer(idle: nil) { url in
            // A guard against a hang, not a bound: a full test run can starve this task for a minute.
            let received = try await withTimeout(.seconds(180)) {
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
