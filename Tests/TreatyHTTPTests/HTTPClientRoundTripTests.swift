import HTTPTypes
import Logging
import Testing
import TreatyHTTP

@Suite(.timeLimit(.minutes(3)))
struct HTTPClientRoundTripTests {
    static let methodsWithBodies: [HTTPRequest.Method] = [.get, .post, .patch, .put, .delete]

    @Test("a request's method, path, headers and body arrive exactly as given", arguments: methodsWithBodies)
    func roundTrip(method: HTTPRequest.Method) async throws {
        let body: [UInt8] = Array(#"{"title":"Hello"}"#.utf8) + [0, 255, 10, 13]
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                var fields: HTTPFields = [.contentType: "application/json", .accept: "application/json"]
                fields.append(HTTPField(name: try #require(HTTPField.Name("X-Trace")), value: "one"))
                fields.append(HTTPField(name: try #require(HTTPField.Name("X-Trace")), value: "two"))
                fields.append(HTTPField(name: try #require(HTTPField.Name("X-Empty")), value: ""))
                let request = HTTPClientRequest(
                    method: method, url: server.url("/echo?a=1&b=%20"), headerFields: fields, body: body)
                let response = try await client.execute(request)
                #expect(response.status == .ok)
                #expect(response.httpVersion == "1.1")
                let echo = try EchoReply(response)
                #expect(echo.method == method.rawValue)
                #expect(echo.path == "/echo?a=1&b=%20")
                #expect(echo.bodyBytes == body)
                #expect(echo.values(of: "Content-Type") == ["application/json"])
                #expect(echo.values(of: "Accept") == ["application/json"])
                #expect(echo.values(of: "X-Trace") == ["one", "two"])
                #expect(echo.values(of: "X-Empty") == [""])
                #expect(echo.values(of: "Content-Length") == ["\(body.count)"])
                #expect(echo.values(of: "Expect").isEmpty)
            }
        }
    }

    @Test("without a body, GET and DELETE send no Content-Length and POST sends Content-Length: 0")
    func noBody() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                for method in [HTTPRequest.Method.get, .delete] {
                    let echo = try EchoReply(
                        try await client.execute(HTTPClientRequest(method: method, url: server.url("/echo"))))
                    #expect(echo.method == method.rawValue)
                    #expect(echo.values(of: "Content-Length").isEmpty)
                    #expect(echo.values(of: "Content-Type").isEmpty)
                }
                let echo = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .post, url: server.url("/echo"))))
                #expect(echo.method == "POST")
                #expect(echo.values(of: "Content-Length") == ["0"])
                #expect(echo.values(of: "Content-Type").isEmpty)
            }
        }
    }

    @Test("a body without Content-Type gets none, not libcurl's form type")
    func noFormContentType() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let request = HTTPClientRequest(method: .put, url: server.url("/echo"), body: Array("a=b".utf8))
                let echo = try EchoReply(try await client.execute(request))
                #expect(echo.values(of: "Content-Type").isEmpty)
                #expect(echo.bodyBytes == Array("a=b".utf8))
            }
        }
    }

    @Test("the configured User-Agent and Accept: */* are sent when the request sets neither")
    func defaultHeaders() async throws {
        var configuration = HTTPClientConfiguration()
        configuration.userAgent = "treaty-tests/1"
        try await withTestServer { server in
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let echo = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo"))))
                #expect(echo.values(of: "User-Agent") == ["treaty-tests/1"])
                #expect(echo.values(of: "Accept") == ["*/*"])
                #expect(echo.headerPairs.map { $0.name.lowercased() }.sorted() == ["accept", "host", "user-agent"])

                let custom = HTTPClientRequest(
                    method: .get, url: server.url("/echo"), headerFields: [.userAgent: "mine/2"])
                let customEcho = try EchoReply(try await client.execute(custom))
                #expect(customEcho.values(of: "User-Agent") == ["mine/2"])
            }
        }
    }

    @Test("the path is sent as is, without removing dot segments or normalising escapes")
    func pathAsIs() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let path = "/echo/../echo/./x%2Fy?q=a%20b&q=c+d"
                let echo = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url(path))))
                #expect(echo.path == path)
            }
        }
    }

    @Test("HEAD returns the headers without waiting for a body")
    func head() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let response = try await client.execute(
                    HTTPClientRequest(method: .head, url: server.url("/bytes/5000")))
                #expect(response.status == .ok)
                #expect(response.headerFields[.contentLength] == "5000")
                #expect(response.body.isEmpty)
            }
        }
    }

    @Test("a redirect is returned as is, not followed")
    func redirectNotFollowed() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let response = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/status/302")))
                #expect(response.status.code == 302)
                #expect(response.headerFields[.location] == "/echo")
                #expect(response.body == Array("status".utf8))
            }
        }
    }

    @Test("error statuses are responses, with their reason phrase")
    func errorStatus() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let response = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/status/503")))
                #expect(response.status.code == 503)
                #expect(response.status.reasonPhrase == "Service Unavailable")
            }
        }
    }

    @Test("only the final response's header block is returned, not a 103 Early Hints block before it")
    func lastHeaderBlockOnly() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let response = try await client.execute(
                    HTTPClientRequest(method: .get, url: server.url("/early-hints")))
                #expect(response.status == .ok)
                #expect(response.headerFields[try #require(HTTPField.Name("X-Final"))] == "yes")
                #expect(response.headerFields[try #require(HTTPField.Name("Link"))] == nil)
                #expect(response.body == Array("final".utf8))
            }
        }
    }

    @Test("an explicit Expect: 100-continue is sent, and the 100 Continue block is not returned")
    func explicitExpectContinue() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let request = HTTPClientRequest(
                    method: .post, url: server.url("/echo"), headerFields: [.expect: "100-continue"],
                    body: Array("hi".utf8)
                )
                let response = try await client.execute(request)
                #expect(response.status == .ok)
                let echo = try EchoReply(response)
                #expect(echo.values(of: "Expect") == ["100-continue"])
                #expect(echo.bodyBytes == Array("hi".utf8))
                #expect(response.headerFields[values: .contentType] == ["application/json"])
            }
        }
    }

    @Test("repeated response headers keep their order and values")
    func repeatedResponseHeaders() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let url = server.url("/respond-headers?X-Item=a&X-Item=b&X-Blank=")
                let response = try await client.execute(HTTPClientRequest(method: .get, url: url))
                #expect(response.headerFields[values: try #require(HTTPField.Name("X-Item"))] == ["a", "b"])
                #expect(response.headerFields[try #require(HTTPField.Name("X-Blank"))] == "")
            }
        }
    }

    @Test(
        "a URL that isn't absolute http(s) fails with invalidURL before anything is sent",
        arguments: [
            "ftp://127.0.0.1/file", "/relative/path", "http://", "http://exa mple.com/", "file:///etc/passwd",
        ])
    func invalidURL(url: String) async throws {
        try await withHTTPClient(logger: .quiet) { client in
            let error = await #expect(throws: HTTPClientError.self) {
                try await client.execute(HTTPClientRequest(method: .get, url: url))
            }
            #expect(error == .invalidURL)
            #expect(error?.description.hasPrefix("invalid URL '") == true)
        }
    }
}
