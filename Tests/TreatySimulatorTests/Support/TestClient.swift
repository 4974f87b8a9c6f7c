import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import TreatyJSON

/// One request the test client sends.
struct TestRequest: Sendable {
    var method: HTTPMethod = .GET
    var target: String
    var headers: [(String, String)] = []
    var body: [UInt8] = []

    init(_ method: HTTPMethod = .GET, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    init(_ method: HTTPMethod = .GET, _ target: String, headers: [(String, String)] = [], text: String) {
        self.init(method, target, headers: headers, body: Array(text.utf8))
    }
}

/// One response the test client read.
struct TestResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> JSONValue {
        try JSONParser().parse(body)
    }
}

enum TestClientError: Error {
    case closedBeforeResponse
    case timedOut
}

/// A minimal HTTP/1.1 client on NIO: it sends requests one after another on one connection
/// and reads each response completely; the connection is closed afterwards. The timeouts only
/// guard against a hang: a loaded machine running the whole suite can take seconds.
enum TestClient {
    /// The connect timeout of one connection opened on its own: a guard against a hang only. On a
    /// loaded machine the client's event loop can stall for seconds, and when it wakes it may run
    /// an expired timeout before it sees the connection that completed meanwhile.
    static let connectTimeout = Duration.seconds(180)

    /// The connect timeout for each of `connections` opened at once: the server accepts them
    /// one after another on a machine that may be busy with other work, so the last one waits
    /// for all the others.
    ///
    /// - Parameter connections: How many connections the test opens concurrently.
    static func connectTimeout(concurrent connections: Int) -> Duration {
        connectTimeout + .milliseconds(250) * max(0, connections)
    }

    static func send(
        _ request: TestRequest, to url: URL, timeout: Duration = .seconds(180), connectTimeout: Duration = connectTimeout
    ) async throws -> TestResponse {
        let responses = try await exchange([request], with: url, timeout: timeout, connectTimeout: connectTimeout)
        guard let response = responses.first else { throw TestClientError.closedBeforeResponse }
        return response
    }

    /// Sends `requests` on one keep-alive connection, in order.
    static func exchange(
        _ requests: [TestRequest], with url: URL, timeout: Duration = .seconds(180),
        connectTimeout: Duration = connectTimeout
    ) async throws -> [TestResponse] {
        let host = url.host ?? "127.0.0.1"
        let port = url.port ?? 80
        let requestParts = requests.map { Self.parts(of: $0, host: host, port: port) }
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(connectTimeout))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    if let first = requestParts.first {
                        try channel.pipeline.syncOperations.addHandler(SendOnActive(first))
                    }
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        return try await withTimeout(timeout) {
            try await channel.executeThenClose { inbound, outbound in
                var iterator = inbound.makeAsyncIterator()
                var responses: [TestResponse] = []
                for (index, request) in requestParts.enumerated() {
                    // The first request left with the connection (``SendOnActive``). A server may
                    // answer before the body is sent (a 413) and close; like curl, the client then
                    // reads that answer instead of failing on the unfinished write.
                    if index > 0 {
                        do {
                            for part in request { try await outbound.write(part) }
                        } catch let writeError {
                            guard let early = try? await readResponse(&iterator) else { throw writeError }
                            responses.append(early)
                            return responses
                        }
                    }
                    responses.append(try await readResponse(&iterator))
                }
                return responses
            }
        }
    }

    /// The parts that send `request`: the head (with `Host` and, unless it is chunked, a
    /// `Content-Length` for a body or a method that takes one), the body, the end.
    private static func parts(of request: TestRequest, host: String, port: Int) -> [HTTPClientRequestPart] {
        var headers = HTTPHeaders([("host", "\(host):\(port)")] + request.headers)
        let chunked = headers.contains(name: "transfer-encoding")
        if !chunked, !request.body.isEmpty || [.POST, .PUT, .PATCH].contains(request.method) {
            headers.replaceOrAdd(name: "content-length", value: String(request.body.count))
        }
        let head = HTTPRequestHead(version: .http1_1, method: request.method, uri: request.target, headers: headers)
        var parts: [HTTPClientRequestPart] = [.head(head)]
        if !request.body.isEmpty { parts.append(.body(.byteBuffer(ByteBuffer(bytes: request.body)))) }
        parts.append(.end(nil))
        return parts
    }

    private static func readResponse(
        _ iterator: inout NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    ) async throws -> TestResponse {
        var response: TestResponse?
        while let part = try await iterator.next() {
            switch part {
            case .head(let head) where head.status.code >= 200:
                response = TestResponse(status: Int(head.status.code), headers: head.headers, body: [])
            case .head:
                continue
            case .body(let buffer):
                response?.body += Array(buffer.readableBytesView)
            case .end:
                guard let response else { throw TestClientError.closedBeforeResponse }
                return response
            }
        }
        throw TestClientError.closedBeforeResponse
    }

    /// Whether a TCP connection to `url` is accepted.
    static func accepts(_ url: URL) async -> Bool {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(2))
                .connect(host: url.host ?? "127.0.0.1", port: url.port ?? 80).get()
            try? await channel.close()
            return true
        } catch {
            return false
        }
    }
}

/// Runs `body`, failing with ``TestClientError/timedOut`` after `timeout`.
func withTimeout<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw TestClientError.timedOut
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw TestClientError.timedOut }
        return first
    }
}
