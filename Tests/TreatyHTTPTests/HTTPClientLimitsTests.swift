import HTTPTypes
import Logging
import Testing
import TreatyHTTP

@Suite(.timeLimit(.minutes(3)))
struct HTTPClientLimitsTests {
    static func client(limit: Int) -> HTTPClientConfiguration {
        var configuration = HTTPClientConfiguration()
        configuration.maxResponseBodySize = limit
        return configuration
    }

    @Test(
        "a body of exactly the limit is accepted, with or without Content-Length",
        arguments: ["/bytes/4096", "/stream/4096"])
    func atLimit(path: String) async throws {
        try await withTestServer { server in
            try await withHTTPClient(configuration: Self.client(limit: 4096), logger: .quiet) { client in
                let response = try await client.execute(HTTPClientRequest(method: .get, url: server.url(path)))
                #expect(response.body.count == 4096)
            }
        }
    }

    @Test(
        "a body over the limit fails with responseTooLarge, with or without Content-Length",
        arguments: ["/bytes/4097", "/stream/300000"])
    func overLimit(path: String) async throws {
        try await withTestServer { server in
            try await withHTTPClient(configuration: Self.client(limit: 4096), logger: .quiet) { client in
                let error = await #expect(throws: HTTPClientError.self) {
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url(path)))
                }
                #expect(error == .responseTooLarge(limit: 4096))
                #expect(error?.description.contains("larger than the limit of 4096 bytes") == true)
                // The client stays usable.
                let small = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/bytes/10")))
                #expect(small.body.count == 10)
            }
        }
    }

    @Test("a large body within the default limit arrives intact")
    func largeBody() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let response = try await client.execute(
                    HTTPClientRequest(method: .get, url: server.url("/stream/3000000")))
                #expect(response.body.count == 3_000_000)
                #expect(response.body.allSatisfy { $0 == UInt8(ascii: "y") })
                let upload = [UInt8](repeating: 7, count: 2_000_000)
                let echo = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .put, url: server.url("/echo"), body: upload)))
                #expect(echo.bodyBytes == upload)
                // libcurl would add `Expect: 100-continue` to a body this large.
                #expect(echo.values(of: "Expect").isEmpty)
            }
        }
    }

    @Test("a non-positive limit is rejected at creation")
    func invalidLimit() throws {
        let error = #expect(throws: HTTPClientError.self) {
            _ = try HTTPClient(configuration: Self.client(limit: 0), logger: .quiet)
        }
        #expect(error?.kind == .invalidConfiguration)
    }
}
