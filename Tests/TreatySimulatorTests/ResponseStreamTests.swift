import Foundation
import NIOHTTP1
import Testing
import TreatyDialect
import TreatyJSON
import TreatySimulator

/// Streaming answers over HTTP: a ``ResponseStream`` is written chunked as it is produced, fed
/// here by the store's change notifications; faults, a vanished client, a client that stops
/// reading and `dropStreams()` all reach it.
@Suite struct ResponseStreamTests {
    static let request = "GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n"

    func withStreaming<T: Sendable>(
        _ dialect: StreamingDialect = StreamingDialect(), faults: [FaultRule] = [],
        _ body: (URL, RunningSimulatorHandle) async throws -> T
    ) async throws -> T {
        let simulator = Simulator(
            dialect: dialect, store: try TestStore.make(), configuration: SimulatorConfiguration(faults: faults))
        let running = try await simulator.start()
        do {
            let value = try await body(running.url, RunningSimulatorHandle(control: running.control))
            try await running.stop()
            return value
        } catch {
            try? await running.stop()
            throw error
        }
    }

    func createNote(_ title: String, at url: URL) async throws {
        let response = try await TestClient.send(TestRequest(.POST, "/notes", text: #"{"title":"\#(title)"}"#), to: url)
        #expect(response.status == 201)
    }

    @Test("a stream is sent chunked, each event as the store commits it")
    func streamsEvents() async throws {
        try await withStreaming { url, _ in
            try await RawConnection.with(url) { connection in
                try await connection.send(Self.request)
                let head = try await connection.read(until: "event:open")
                #expect(head.lowercased().contains("transfer-encoding: chunked"))
                #expect(!head.lowercased().contains("content-length"))
                #expect(head.contains("text/event-stream"))
                try await createNote("one", at: url)
                try await createNote("two", at: url)
                let events = try await connection.read(until: "data:", occurrences: 2)
                #expect(events.components(separatedBy: "data:").count == 3)
            }
        }
    }

    @Test("a latency fault delays the stream's events too")
    func latency() async throws {
        let rule = FaultRule(path: "/events", action: .latency(150))
        try await withStreaming(faults: [rule]) { url, _ in
            try await RawConnection.with(url) { connection in
                try await connection.send(Self.request)
                _ = try await connection.read(until: "event:open")
                let clock = ContinuousClock()
                let start = clock.now
                try await createNote("late", at: url)
                _ = try await connection.read(until: "data:")
                #expect(clock.now - start >= .milliseconds(150))
            }
        }
    }

    @Test("a client that goes away cancels its stream; dropStreams() closes the open ones")
    func endings() async throws {
        let dialect = StreamingDialect()
        try await withStreaming(dialect) { url, handle in
            try await RawConnection.with(url) { connection in
                try await connection.send(Self.request)
                _ = try await connection.read(until: "event:open")
            }
            try await waitUntil { dialect.ended == [.cancelled] }
            try await RawConnection.with(url) { connection in
                try await connection.send(Self.request)
                _ = try await connection.read(until: "event:open")
                #expect(handle.control.dropStreams() == 1)
                let rest = try await connection.read()
                #expect(!rest.contains("data:"), "the server closed the connection")
            }
            #expect(dialect.ended == [.cancelled, .cancelled])
            try await RawConnection.with(url) { connection in
                try await connection.send(Self.request)
                _ = try await connection.read(until: "event:open")
                let dropped = try await TestClient.send(TestRequest(.POST, "/__treaty/streams/drop"), to: url)
                #expect(try dropped.json() == ["dropped": 1])
                _ = try await connection.read()
            }
            #expect(dialect.ended.count == 3)
        }
    }

    @Test("an idle stream is ended with the chunked terminator")
    func idle() async throws {
        try await withStreaming(StreamingDialect(idleTimeout: .milliseconds(100))) { url, _ in
            try await RawConnection.with(url) { connection in
                try await connection.send(Self.request)
                let all = try await connection.read(until: "0\r\n\r\n")
                #expect(all.hasSuffix("0\r\n\r\n"))
            }
        }
    }

    @Test("a client that stops reading fills its bounded queue and is dropped")
    func slowClient() async throws {
        let dialect = StreamingDialect(capacity: 64 * 1024)
        try await withStreaming(dialect) { url, _ in
            try await RawConnection.with(url) { connection in
                try await connection.send(Self.request)
                _ = try await connection.read(until: "event:open")
                let stream = try #require(dialect.streams.first)
                let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 16 * 1024)
                var sent = 0
                while stream.send(chunk), sent < 8192 {
                    sent += 1
                    if sent % 64 == 0 { try await Task.sleep(for: .milliseconds(1)) }
                }
                #expect(stream.ending == .overflowed, "sent \(sent) chunks of 16 KiB without overflowing")
                #expect(sent < 8192)
            }
        }
    }
}

/// The control of a running simulator, handed to a test body.
struct RunningSimulatorHandle: Sendable {
    let control: SimulatorControl
}

/// Polls `condition` until it holds, or fails after `timeout`.
func waitUntil(_ timeout: Duration = .seconds(5), _ condition: @Sendable () -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        guard clock.now < deadline else {
            Issue.record("condition not met in \(timeout)")
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
