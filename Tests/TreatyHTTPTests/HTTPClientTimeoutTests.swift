import HTTPTypes
import Logging
import Testing
import TreatyHTTP

@Suite(.timeLimit(.minutes(3)))
struct HTTPClientTimeoutTests {
    @Test("a server slower than the request timeout fails with timedOut in bounded time")
    func requestTimeout() async throws {
        var configuration = HTTPClientConfiguration()
        configuration.requestTimeout = .milliseconds(300)
        try await withTestServer { server in
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let clock = ContinuousClock()
                let start = clock.now
                let error = await #expect(throws: HTTPClientError.self) {
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url(TestServer.slowPath)))
                }
                #expect(error == .timedOut)
                #expect(clock.now - start < TestServer.promptly, "it gave up long before the server answered")
                #expect(error?.description.contains("timed out") == true)
            }
        }
    }

    @Test("a request's own timeout overrides the configuration's")
    func perRequestTimeout() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let clock = ContinuousClock()
                let start = clock.now
                let request = HTTPClientRequest(
                    method: .get, url: server.url(TestServer.slowPath), timeout: .milliseconds(300))
                let error = await #expect(throws: HTTPClientError.self) { try await client.execute(request) }
                #expect(error == .timedOut)
                #expect(clock.now - start < TestServer.promptly, "it gave up long before the server answered")

                // Patient: far beyond the 200 ms the server takes, so a busy machine cannot run it out.
                let patient = HTTPClientRequest(method: .get, url: server.url("/delay/200"), timeout: .seconds(30))
                let response = try await client.execute(patient)
                #expect(response.body == Array("late".utf8))
            }
        }
    }

    @Test("a connection that is never accepted fails with timedOut after the connect timeout")
    func connectTimeout() async throws {
        var configuration = HTTPClientConfiguration()
        configuration.connectTimeout = .milliseconds(300)
        try await withTestServer(arguments: ["--blackhole"]) { server in
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let clock = ContinuousClock()
                let start = clock.now
                let error = await #expect(throws: HTTPClientError.self) {
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
                }
                #expect(error == .timedOut)
                #expect(clock.now - start < TestServer.promptly, "it gave up long before the server answered")
            }
        }
    }
}
