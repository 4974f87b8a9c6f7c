import HTTPTypes
import Logging
import Testing
import TreatyHTTP

@Suite(.timeLimit(.minutes(3)))
struct HTTPClientHTTP2Tests {
    @Test("the .http2 preference still works against an HTTP/1.1-only server over plain http")
    func http2PreferenceFallsBack() async throws {
        var configuration = HTTPClientConfiguration()
        configuration.httpVersion = .http2
        try await withTestServer { server in
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let request = HTTPClientRequest(method: .post, url: server.url("/echo"), body: Array("h2c?".utf8))
                let response = try await client.execute(request)
                #expect(response.status == .ok)
                #expect(response.httpVersion == "1.1")
                #expect(try EchoReply(response).bodyBytes == Array("h2c?".utf8))
            }
        }
    }

    @Test("http1_1 over TLS stays on HTTP/1.1")
    func http1OverTLS() async throws {
        let certificates = try await TestCertificates.shared()
        var configuration = HTTPClientConfiguration()
        configuration.caCertificatePath = certificates.caCertificate
        configuration.httpVersion = .http1_1
        try await withTestServer(arguments: certificates.serverArguments) { server in
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let response = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
                #expect(response.httpVersion == "1.1")
            }
        }
    }

    @Test(
        "HTTP/2 is negotiated over TLS, and concurrent requests share one multiplexed connection",
        .enabled(if: TestServer.hasPythonH2, "needs Python's h2 package (pip install h2)"),
        arguments: [HTTPVersionPreference.automatic, .http2]
    )
    func http2OverTLS(preference: HTTPVersionPreference) async throws {
        let certificates = try await TestCertificates.shared()
        var configuration = HTTPClientConfiguration()
        configuration.caCertificatePath = certificates.caCertificate
        configuration.httpVersion = preference
        try await withTestServer(.h2, arguments: certificates.serverArguments) { server in
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let first = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/first")))
                #expect(first.httpVersion == "2")
                #expect(first.status == .ok)
                #expect(first.headerFields[try #require(HTTPField.Name("x-served-by"))] == "h2")
                let replies = try await withThrowingTaskGroup(of: EchoReply.self) { group in
                    for index in 0..<10 {
                        group.addTask {
                            let request = HTTPClientRequest(
                                method: .patch, url: server.url("/item/\(index)"), body: Array("body \(index)".utf8))
                            let response = try await client.execute(request)
                            #expect(response.httpVersion == "2")
                            return try EchoReply(response)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(replies.count == 10)
                #expect(Set(replies.map(\.connection)) == [1])
                #expect(Set(replies.map(\.stream)).count == 10)
                for reply in replies {
                    #expect(reply.method == "PATCH")
                    #expect(reply.bodyBytes == Array("body \(reply.path.split(separator: "/").last ?? "")".utf8))
                }
            }
        }
    }
}
