import HTTPTypes
import Logging
import Testing
import TreatyHTTP

@Suite(.timeLimit(.minutes(3)))
struct HTTPTimingsTests {
    static func expectMonotone(_ timings: HTTPTimings, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(timings.dnsLookup >= .zero, sourceLocation: sourceLocation)
        #expect(timings.dnsLookup <= timings.connect, sourceLocation: sourceLocation)
        #expect(timings.connect <= timings.tlsHandshake, sourceLocation: sourceLocation)
        #expect(timings.tlsHandshake <= timings.firstByte, sourceLocation: sourceLocation)
        #expect(timings.firstByte <= timings.total, sourceLocation: sourceLocation)
    }

    @Test("plain HTTP timings are monotone, with the server's delay between connect and first byte")
    func plainHTTP() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let response = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/delay/200")))
                let timings = response.timings
                Self.expectMonotone(timings)
                #expect(timings.tlsHandshake == timings.connect)
                #expect(timings.firstByte >= .milliseconds(200))
                #expect(timings.serverDuration >= .milliseconds(190))
                #expect(timings.total < .seconds(180), "a hang guard only: a busy machine adds seconds")
            }
        }
    }

    @Test("HTTPS timings include a TLS handshake after the connect")
    func https() async throws {
        let certificates = try await TestCertificates.shared()
        var configuration = HTTPClientConfiguration()
        configuration.caCertificatePath = certificates.caCertificate
        try await withTestServer(arguments: certificates.serverArguments) { server in
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let timings = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
                    .timings
                Self.expectMonotone(timings)
                #expect(timings.connect > .zero)
                #expect(timings.tlsHandshake > timings.connect)
                #expect(timings.total > .zero)
            }
        }
    }

    @Test("timings made from out-of-order values are raised to be monotone")
    func clamping() {
        let timings = HTTPTimings(
            dnsLookup: .milliseconds(2), connect: .milliseconds(5), tlsHandshake: .zero,
            firstByte: .milliseconds(9), total: .milliseconds(8)
        )
        #expect(
            timings
                == HTTPTimings(
                    dnsLookup: .milliseconds(2), connect: .milliseconds(5), tlsHandshake: .milliseconds(5),
                    firstByte: .milliseconds(9), total: .milliseconds(9)
                ))
        Self.expectMonotone(timings)
        #expect(timings.tlsHandshakeDuration == .zero)
        #expect(timings.connectDuration == .milliseconds(3))
    }
}
