import HTTPTypes
import Logging
import Testing
import TreatyHTTP

@Suite(.timeLimit(.minutes(3)))
struct HTTPClientTLSTests {
    @Test("a certificate from an unknown CA fails with tlsFailure and a message naming --ca-cert")
    func unknownCAFails() async throws {
        let certificates = try await TestCertificates.shared()
        try await withTestServer(arguments: certificates.serverArguments) { server in
            try await withHTTPClient(logger: .quiet) { client in
                let url = server.url("/echo")
                let error = try #require(
                    await #expect(throws: HTTPClientError.self) {
                        try await client.execute(HTTPClientRequest(method: .get, url: url))
                    })
                #expect(error.kind == .tlsFailure)
                #expect(error.description.hasPrefix("TLS certificate verification failed for \(url) ("))
                #expect(error.description.hasSuffix("); pass --ca-cert FILE with the issuing CA"))
            }
        }
    }

    @Test("the same server succeeds once its CA is given as caCertificatePath")
    func privateCASucceeds() async throws {
        let certificates = try await TestCertificates.shared()
        var configuration = HTTPClientConfiguration()
        configuration.caCertificatePath = certificates.caCertificate
        try await withTestServer(arguments: certificates.serverArguments) { server in
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let request = HTTPClientRequest(method: .post, url: server.url("/echo"), body: Array("secure".utf8))
                let response = try await client.execute(request)
                #expect(response.status == .ok)
                #expect(try EchoReply(response).bodyBytes == Array("secure".utf8))
                let again = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo"))))
                #expect(again.connections == 1)
            }
        }
    }

    @Test("allowsInsecureTLS accepts an unknown CA and logs a warning each time a client is created")
    func insecureWarns() async throws {
        let certificates = try await TestCertificates.shared()
        let recorder = LogRecorder()
        var configuration = HTTPClientConfiguration()
        configuration.allowsInsecureTLS = true
        try await withTestServer(arguments: certificates.serverArguments) { server in
            for _ in 0..<2 {
                try await withHTTPClient(configuration: configuration, logger: recorder.logger(level: .warning)) {
                    client in
                    let response = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
                    #expect(response.status == .ok)
                }
            }
        }
        let warnings = recorder.entries.filter { $0.level == .warning }
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.message.contains("TLS certificate verification is DISABLED") })
    }

    @Test("a verifying client logs no warning")
    func secureDoesNotWarn() async throws {
        let recorder = LogRecorder()
        try await withHTTPClient(logger: recorder.logger(level: .trace)) { _ in }
        #expect(!recorder.entries.contains { $0.level >= .warning })
    }

    @Test("a client certificate and key are presented to a server that requires one")
    func clientCertificate() async throws {
        let certificates = try await TestCertificates.shared()
        let arguments = certificates.serverArguments + ["--client-ca", certificates.caCertificate]
        var configuration = HTTPClientConfiguration()
        configuration.caCertificatePath = certificates.caCertificate
        try await withTestServer(arguments: arguments) { server in
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let error = await #expect(throws: HTTPClientError.self) {
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
                }
                #expect(error?.kind == .tlsFailure, "\(String(describing: error))")
                #expect(error?.description.contains("--client-cert") == true)
            }
            configuration.clientCertificatePath = certificates.clientCertificate
            configuration.clientKeyPath = certificates.clientKey
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let echo = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo"))))
                #expect(echo.clientSubject == "treaty-client")
            }
        }
    }

    @Test("an unreadable CA file fails at creation with invalidConfiguration naming --ca-cert")
    func missingCAFile() throws {
        var configuration = HTTPClientConfiguration()
        configuration.caCertificatePath = "/nonexistent/ca.pem"
        let error = #expect(throws: HTTPClientError.self) {
            _ = try HTTPClient(configuration: configuration, logger: .quiet)
        }
        #expect(error?.kind == .invalidConfiguration)
        #expect(
            error?.description
                == "invalid HTTP client configuration: cannot read the CA certificate file '/nonexistent/ca.pem'; check the path given to --ca-cert"
        )
    }
}
