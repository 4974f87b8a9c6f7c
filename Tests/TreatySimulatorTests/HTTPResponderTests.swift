import Foundation
import HTTPTypes
import Testing
import TreatySimulator

/// The simulator's own HTTP/1.1 responder on a real socket: pipelined requests are answered in
/// order, an unparsable request gets 400 and the connection closes, HTTP/1.0 keep-alive,
/// bodiless statuses. Quiescing is pinned on `EmbeddedChannel` (`HTTPResponderEmbeddedTests`),
/// where a loaded machine cannot answer before the stop arrives.
@Suite struct HTTPResponderTests {
    static func withServer<T: Sendable>(
        faults: [FaultRule] = [], _ body: (URL) async throws -> T
    ) async throws -> T {
        try await Simulator.withRunning(
            dialect: EchoDialect(), store: try TestStore.make(), configuration: SimulatorConfiguration(faults: faults),
            body)
    }

    /// The answers' bodies' `path` members, in the order they arrived.
    static func echoedPaths(_ text: String) -> [String] {
        text.components(separatedBy: #""path":""#).dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
    }

    @Test("pipelined requests are answered in request order, also when the first answer is delayed")
    func pipelinedInOrder() async throws {
        try await Self.withServer(faults: [FaultRule(path: "/slow", action: .latency(150))]) { url in
            let received = try await withTimeout(.seconds(120)) {
                try await RawConnection.with(url) { connection in
                    try await connection.send(
                        "GET /slow HTTP/1.1\r\nhost: x\r\n\r\nGET /second HTTP/1.1\r\nhost: x\r\n\r\n"
                            + "POST /third HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\n\r\nhello")
                    return try await connection.read(until: "HTTP/1.1 200 OK", occurrences: 3)
                }
            }
            #expect(Self.echoedPaths(received) == ["/slow", "/second", "/third"], "\(received)")
            #expect(received.contains(#""body":"hello""#))
        }
    }

    @Test("a request line that cannot be parsed gets 400 with Connection: close, and the connection closes")
    func unparsableRequest() async throws {
        try await Self.withServer { url in
            let received = try await withTimeout(.seconds(120)) {
                try await RawConnection.with(url) { connection in
                    try await connection.send("GET /fine HTTP/1.1\r\nhost: x\r\n\r\nNOT A REQUEST\r\n\r\n")
                    return try await connection.read()
                }
            }
            #expect(Self.echoedPaths(received) == ["/fine"], "the valid request before it is answered first")
            #expect(
                received.hasSuffix("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n"),
                "\(received)")
        }
    }

    @Test("HTTP/1.0 closes unless asked to keep alive; keep-alive is answered as such and serves a second request")
    func http10KeepAlive() async throws {
        try await Self.withServer { url in
            let closing = try await withTimeout(.seconds(120)) {
                try await RawConnection.with(url) { connection in
                    try await connection.send("GET /once HTTP/1.0\r\n\r\n")
                    return try await connection.read()
                }
            }
            #expect(closing.hasPrefix("HTTP/1.0 200 OK\r\n"))
            #expect(closing.contains("\r\nconnection: close\r\n"))
            #expect(Self.echoedPaths(closing) == ["/once"])

            let kept = try await withTimeout(.seconds(120)) {
                try await RawConnection.with(url) { connection in
                    try await connection.send("GET /a HTTP/1.0\r\nconnection: keep-alive\r\n\r\n")
                    _ = try await connection.read(until: "}")
                    try await connection.send("GET /b HTTP/1.0\r\n\r\n")
                    return try await connection.read()
                }
            }
            #expect(kept.contains("\r\nconnection: keep-alive\r\n"))
            #expect(Self.echoedPaths(kept) == ["/a", "/b"], "\(kept)")
        }
    }

    @Test("a 204 carries neither a body nor a Content-Length, and the connection serves the next request")
    func noContent() async throws {
        try await Self.withServer(faults: [FaultRule(path: "/empty", action: .status(.noContent))]) { url in
            let received = try await withTimeout(.seconds(120)) {
                try await RawConnection.with(url) { connection in
                    try await connection.send(
                        "GET /empty HTTP/1.1\r\nhost: x\r\n\r\nGET /next HTTP/1.1\r\nhost: x\r\n\r\n")
                    return try await connection.read(until: "HTTP/1.1 200 OK")
                }
            }
            let first = try #require(received.components(separatedBy: "\r\n\r\n").first)
            #expect(first.hasPrefix("HTTP/1.1 204 No Content\r\n"), "\(received)")
            #expect(!first.lowercased().contains("content-length"), "\(first)")
            #expect(received.contains("HTTP/1.1 204 No Content\r\n") && received.contains("HTTP/1.1 200 OK\r\n"))
            #expect(Self.echoedPaths(received) == ["/next"])
        }
    }
}
