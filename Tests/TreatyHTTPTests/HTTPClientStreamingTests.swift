import HTTPTypes
import Logging
import Synchronization
import Testing
import TreatyHTTP

/// `execute(_:streamingWhen:)`: a body the caller chooses to stream goes to its sink as it
/// arrives, past the buffering limit, and the head comes back at once.
@Suite(.timeLimit(.minutes(3)))
struct HTTPClientStreamingTests {
    /// What a sink received: bytes, chunks, and how the body ended.
    final class Received: Sendable {
        private let state = Mutex<(bytes: Int, chunks: Int, ended: Bool, error: String?)>((0, 0, false, nil))
        let refuses: Bool

        init(refuses: Bool = false) { self.refuses = refuses }

        var sink: HTTPBodySink {
            HTTPBodySink(
                receive: { chunk in
                    self.state.withLock { state in
                        state.bytes += chunk.count
                        state.chunks += 1
                    }
                    return !self.refuses
                },
                finish: { error in
                    self.state.withLock { state in
                        state.ended = true
                        state.error = error.map { "\($0)" }
                    }
                })
        }

        var snapshot: (bytes: Int, chunks: Int, ended: Bool, error: String?) { state.withLock { $0 } }

        /// Waits until the body has ended.
        func ended() async throws -> (bytes: Int, chunks: Int, ended: Bool, error: String?) {
            for _ in 0..<600 where !snapshot.ended { try await Task.sleep(for: .milliseconds(50)) }
            return snapshot
        }
    }

    @Test("a streamed body goes to the sink chunk by chunk, past the buffering limit, and the head has no body")
    func streamsPastTheLimit() async throws {
        try await withTestServer { server in
            try await withHTTPClient(configuration: HTTPClientLimitsTests.client(limit: 4096), logger: .quiet) {
                client in
                let received = Received()
                let response = try await client.execute(
                    HTTPClientRequest(method: .get, url: server.url("/stream/300000"))
                ) {
                    status, _ in status == .ok ? received.sink : nil
                }
                #expect(response.status == .ok)
                #expect(response.body.isEmpty)
                let ended = try await received.ended()
                #expect(ended.bytes == 300_000)
                #expect(ended.chunks > 1)
                #expect(ended.error == nil)
            }
        }
    }

    @Test("a body the caller does not stream is buffered as execute(_:) buffers it")
    func buffersWhenNotChosen() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let response = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/bytes/10"))) {
                    _, _ in nil
                }
                #expect(response.body.count == 10)
            }
        }
    }

    @Test("a sink that refuses a chunk ends the transfer, and the client stays usable")
    func refusalEnds() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let received = Received(refuses: true)
                _ = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/stream/3000000"))) {
                    _, _ in received.sink
                }
                let ended = try await received.ended()
                #expect(ended.ended)
                #expect(ended.bytes < 3_000_000)
                #expect(ended.error != nil, "the refusal ends the body with an error")
                let small = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/bytes/10")))
                #expect(small.body.count == 10)
            }
        }
    }
}
