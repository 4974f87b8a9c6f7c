import HTTPTypes
import Logging
import Testing
import TreatyHTTP

@Suite(.timeLimit(.minutes(3)))
struct HTTPClientLoggingTests {
    static let secretHeaders = [
        "Authorization", "Proxy-Authorization", "Cookie", "X-Api-Key", "X-Session-Token", "X-Client-Secret",
        "X-Password", "Api-Key",
    ]

    @Test("no secret header value appears in the logs at trace level, on success or failure")
    func noSecretsInLogs() async throws {
        let recorder = LogRecorder()
        try await withTestServer { server in
            try await withHTTPClient(logger: recorder.logger(level: .trace)) { client in
                var fields: HTTPFields = [:]
                for (index, name) in Self.secretHeaders.enumerated() {
                    fields.append(HTTPField(name: try #require(HTTPField.Name(name)), value: "s3cret-\(index)"))
                }
                fields.append(HTTPField(name: try #require(HTTPField.Name("X-Visible")), value: "plain-value"))
                let echoResponse = try await client.execute(
                    HTTPClientRequest(method: .post, url: server.url("/echo"), headerFields: fields))
                #expect(try EchoReply(echoResponse).values(of: "Authorization") == ["s3cret-0"])

                let responseSecrets = server.url(
                    "/respond-headers?Set-Cookie=session%3Ds3cret-r1&X-Auth-Token=s3cret-r2&X-Shown=shown-value")
                let response = try await client.execute(HTTPClientRequest(method: .get, url: responseSecrets))
                #expect(response.headerFields[.setCookie] == "session=s3cret-r1")

                let failing = HTTPClientRequest(
                    method: .get, url: server.url("/delay/2000"), headerFields: fields, timeout: .milliseconds(100))
                _ = try? await client.execute(failing)
            }
        }
        let logs = recorder.text
        #expect(!logs.contains("s3cret"))
        // The logs are not simply empty: headers are logged, secrets redacted.
        #expect(logs.contains("plain-value"))
        #expect(logs.contains("shown-value"))
        #expect(logs.contains("Authorization: <redacted>"))
        #expect(logs.contains("Set-Cookie: <redacted>"))
    }

    @Test("secret query parameters and URL passwords are redacted in logs and error messages")
    func secretURLParts() async throws {
        let recorder = LogRecorder()
        let port = try await withTestServer { $0.port }
        try await withHTTPClient(logger: recorder.logger(level: .trace)) { client in
            let url = "http://bob:hunter2@127.0.0.1:\(port)/x?access_token=s3cret&page=2"
            let error = await #expect(throws: HTTPClientError.self) {
                try await client.execute(HTTPClientRequest(method: .get, url: url))
            }
            #expect(error?.url == url)
            #expect(
                error?.description.contains("http://bob:<redacted>@127.0.0.1:\(port)/x?access_token=<redacted>&page=2")
                    == true)
            #expect(error?.description.contains("s3cret") == false)
            #expect(error?.description.contains("hunter2") == false)
        }
        #expect(!recorder.text.contains("s3cret"))
        #expect(!recorder.text.contains("hunter2"))
        #expect(recorder.text.contains("page=2"))
    }
}
