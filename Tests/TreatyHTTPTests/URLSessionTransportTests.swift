import HTTPTypes
import Logging
import Testing
import TreatyHTTP

/// The URLSession transport (``HTTPTransportKind/urlSession``) against the Python test server:
/// what an Apple platform without libcurl uses, run here through FoundationNetworking.
@Suite(.timeLimit(.minutes(3)))
struct URLSessionTransportTests {
    static func configuration(_ change: (inout HTTPClientConfiguration) -> Void = { _ in }) -> HTTPClientConfiguration {
        var configuration = HTTPClientConfiguration()
        configuration.transport = .urlSession
        change(&configuration)
        return configuration
    }

    @Test("this Linux build links libcurl, and picks it unless told otherwise")
    func libcurlOnLinux() {
        #expect(HTTPTransportKind.isLibcurlAvailable)
        #expect(HTTPClientConfiguration().transport == .automatic)
    }

    @Test(
        "a request's method, path, headers and body arrive as given",
        arguments: [HTTPRequest.Method.post, .put, .patch, .delete])
    func roundTrip(method: HTTPRequest.Method) async throws {
        let body: [UInt8] = Array(#"{"title":"Hello"}"#.utf8) + [0, 255, 10, 13]
        try await withTestServer { server in
            try await withHTTPClient(configuration: Self.configuration(), logger: .quiet) { client in
                let fields: HTTPFields = [.contentType: "application/json", .authorization: "Bearer t"]
                let response = try await client.execute(
                    HTTPClientRequest(
                        method: method, url: server.url("/echo?a=1&b=%20"), headerFields: fields, body: body))
                #expect(response.status == .ok)
                #expect(response.headerFields[.contentType] == "application/json")
                #expect(response.timings.total > .zero)
                let echo = try EchoReply(response)
                #expect(echo.method == method.rawValue)
                #expect(echo.path == "/echo?a=1&b=%20")
                #expect(echo.bodyBytes == body)
                #expect(echo.values(of: "Content-Type") == ["application/json"])
                #expect(echo.values(of: "Authorization") == ["Bearer t"])
                #expect(echo.values(of: "User-Agent") == [HTTPClientConfiguration.defaultUserAgent])
                #expect(echo.values(of: "Accept") == ["*/*"])
            }
        }
    }

    @Test("POST without a body sends Content-Length: 0, GET sends no body")
    func noBody() async throws {
        try await withTestServer { server in
            try await withHTTPClient(configuration: Self.configuration(), logger: .quiet) { client in
                let post = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .post, url: server.url("/echo"))))
                #expect(post.values(of: "Content-Length") == ["0"])
                let get = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo"))))
                #expect(get.method == "GET")
                #expect(get.bodyBytes.isEmpty)
            }
        }
    }

    @Test("a redirect is answered as is, not followed")
    func redirectNotFollowed() async throws {
        try await withTestServer { server in
            try await withHTTPClient(configuration: Self.configuration(), logger: .quiet) { client in
                let response = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/status/302")))
                #expect(response.status.code == 302)
                #expect(response.headerFields[.location] == "/echo")
                #expect(response.body == Array("status".utf8))
            }
        }
    }

    @Test("a server slower than the request's timeout fails with timedOut in bounded time")
    func timeout() async throws {
        try await withTestServer { server in
            try await withHTTPClient(configuration: Self.configuration(), logger: .quiet) { client in
                let start = ContinuousClock.now
                let error = await #expect(throws: HTTPClientError.self) {
                    try await client.execute(
                        HTTPClientRequest(method: .get, url: server.url(TestServer.slowPath), timeout: .milliseconds(300)))
                }
                #expect(error == .timedOut)
                #expect(ContinuousClock.now - start < TestServer.promptly, "it gave up long before the server answered")
            }
        }
    }

    @Test("a refused connection fails with couldNotConnect")
    func connectionRefused() async throws {
        let port = try await withTestServer { $0.port }
        try await withHTTPClient(configuration: Self.configuration(), logger: .quiet) { client in
            let error = await #expect(throws: HTTPClientError.self) {
                try await client.execute(HTTPClientRequest(method: .get, url: "http://127.0.0.1:\(port)/echo"))
            }
            #expect(error == .couldNotConnect)
        }
    }

    @Test("a body over the limit fails with responseTooLarge")
    func tooLarge() async throws {
        try await withTestServer { server in
            let configuration = Self.configuration { $0.maxResponseBodySize = 4096 }
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let fits = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/bytes/4096")))
                #expect(fits.body.count == 4096)
                let error = await #expect(throws: HTTPClientError.self) {
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/bytes/4097")))
                }
                #expect(error == .responseTooLarge(limit: 4096))
            }
        }
    }

    @Test("cancelling the awaiting task fails the request with cancelled, and the client keeps working")
    func cancellation() async throws {
        try await withTestServer { server in
            try await withHTTPClient(configuration: Self.configuration(), logger: .quiet) { client in
                let task = Task {
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url(TestServer.slowPath)))
                }
                try await Task.sleep(for: .milliseconds(300))
                task.cancel()
                let error = await #expect(throws: HTTPClientError.self) { try await task.value }
                #expect(error == .cancelled)
                let after = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
                #expect(after.status == .ok)
            }
        }
    }

    @Test("shutting down fails a running request and every later one with shutDown")
    func shutdown() async throws {
        try await withTestServer { server in
            let client = try HTTPClient(configuration: Self.configuration(), logger: .quiet)
            let running = Task {
                try await client.execute(HTTPClientRequest(method: .get, url: server.url(TestServer.slowPath)))
            }
            try await Task.sleep(for: .milliseconds(300))
            await client.shutdown()
            let error = await #expect(throws: HTTPClientError.self) { try await running.value }
            #expect(error == .shutDown)
            let later = await #expect(throws: HTTPClientError.self) {
                try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
            }
            #expect(later == .shutDown)
            await client.shutdown()
        }
    }

    @Test("settings only libcurl honours are refused with the reason")
    func unsupportedSettings() throws {
        let configuration = Self.configuration {
            $0.allowsInsecureTLS = true
            $0.httpVersion = .http2
        }
        let error = #expect(throws: HTTPClientError.self) {
            try HTTPClient(configuration: configuration, logger: .quiet)
        }
        #expect(error?.kind == .invalidConfiguration)
        #expect(
            error?.description.contains(
                "the URLSession transport cannot use insecure TLS (--insecure), an HTTP version preference (--http-version)"
            ) == true)
    }
}
