import Testing

@testable import TreatyHTTP

@Suite struct HTTPClientErrorTests {
    static let context = HTTPClientErrorContext(
        method: "GET", url: "https://127.0.0.1:8443/health", transportMessage: "details")

    @Test(
        "each error renders as one actionable line",
        arguments: [
            (
                HTTPClientError(.invalidURL, context: .init(method: "GET", url: "ftp://x")),
                "invalid URL 'ftp://x': expected an absolute http:// or https:// URL"
            ),
            (
                HTTPClientError(.couldNotResolveHost, context: context),
                "could not resolve the host of GET https://127.0.0.1:8443/health (details); check the server URL and your DNS or proxy settings"
            ),
            (
                HTTPClientError(.couldNotConnect, context: context),
                "could not connect to GET https://127.0.0.1:8443/health (details); check that the server is running and listens on that port"
            ),
            (
                HTTPClientError(.timedOut, context: context),
                "GET https://127.0.0.1:8443/health timed out (details); check that the server answers, or raise the timeout"
            ),
            (
                HTTPClientError(
                    .tlsFailure(detail: "self-signed certificate in certificate chain"),
                    context: .init(method: "GET", url: "https://127.0.0.1:8443", tlsProblem: .certificateVerification)),
                "TLS certificate verification failed for https://127.0.0.1:8443 (self-signed certificate in certificate chain); pass --ca-cert FILE with the issuing CA"
            ),
            (
                HTTPClientError(.responseTooLarge(limit: 10), context: context),
                "the response body of GET https://127.0.0.1:8443/health is larger than the limit of 10 bytes; raise HTTPClientConfiguration.maxResponseBodySize if that is expected"
            ),
            (HTTPClientError(.shutDown), "the HTTP client has been shut down; create a new client for more requests"),
            (HTTPClientError(.cancelled, context: context), "GET https://127.0.0.1:8443/health was cancelled"),
            (
                HTTPClientError(.transport(code: 52, message: "Empty reply from server"), context: context),
                "GET https://127.0.0.1:8443/health failed: Empty reply from server (curl error 52)"
            ),
        ])
    func descriptions(error: HTTPClientError, expected: String) {
        #expect(error.description == expected)
        #expect(!error.description.contains("\n"))
    }

    @Test("equality compares kind and payload, not the URL or libcurl's wording")
    func equality() {
        #expect(HTTPClientError(.timedOut, context: Self.context) == .timedOut)
        #expect(HTTPClientError(.timedOut, context: Self.context) != .couldNotConnect)
        #expect(HTTPClientError.responseTooLarge(limit: 1) != .responseTooLarge(limit: 2))
        #expect(HTTPClientError.tlsFailure(detail: "a").kind == HTTPClientError.tlsFailure(detail: "b").kind)
        #expect(HTTPClientError.transport(code: 52, message: "x").kind == .transport)
    }
}
