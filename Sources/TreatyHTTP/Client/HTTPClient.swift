public import HTTPTypes
public import Logging
internal import TreatySecrets

/// An async HTTP/1.1 and HTTP/2 client that keeps connections open for reuse: over libcurl
/// where the build links it (Linux, macOS), over Foundation's URLSession elsewhere (see
/// ``HTTPTransportKind``).
///
/// With libcurl, one client owns one libcurl multi handle, driven by one dedicated thread:
/// requests from any number of tasks run concurrently on it, reusing connections to the same
/// origin and multiplexing over HTTP/2. With URLSession, one client owns one ephemeral session.
/// Either way, awaiting a response never blocks a Swift concurrency thread.
///
/// Create one client per configuration and share it; shut it down when done, or let
/// ``withHTTPClient(configuration:logger:_:)`` do that:
///
/// ```swift
/// let response = try await withHTTPClient(logger: logger) { client in
///     try await client.execute(HTTPClientRequest(method: .get, url: "http://127.0.0.1:8090/api/health"))
/// }
/// print(response.status, response.timings.total)
/// ```
///
/// Requests go out exactly as given (see ``HTTPClientRequest``), redirects are not followed, and
/// any HTTP status is a response, not an error. The client logs each request at `trace` and each
/// outcome at `debug`, never showing the values of secret headers (`Authorization`, `Cookie`,
/// `Set-Cookie`, `Proxy-Authorization`, and names containing `token`, `secret`, `password` or
/// `api-key`).
public final class HTTPClient: Sendable {
    /// The configuration the client was created with.
    public let configuration: HTTPClientConfiguration
    private let logger: Logger
    private let transport: any HTTPTransport

    /// Creates a client on the transport ``HTTPClientConfiguration/transport`` picks, starting
    /// libcurl's transfer thread or URLSession's session.
    ///
    /// When ``HTTPClientConfiguration/allowsInsecureTLS`` is set, logs a warning every time.
    ///
    /// - Parameters:
    ///   - configuration: TLS, timeouts, HTTP version and limits.
    ///   - logger: Where the client logs; it never logs secret header values.
    /// - Throws: ``HTTPClientError`` of kind ``HTTPClientError/Kind/invalidConfiguration`` when a
    ///   certificate file cannot be read or a limit is not positive, or
    ///   ``HTTPClientError/Kind/transport`` when libcurl cannot start, or of kind
    ///   ``HTTPClientError/Kind/invalidConfiguration`` when the transport cannot honour the
    ///   configuration (see ``HTTPTransportKind``).
    public init(configuration: HTTPClientConfiguration = .init(), logger: Logger) throws {
        try configuration.validate()
        if configuration.allowsInsecureTLS {
            logger.warning(
                "TLS certificate verification is DISABLED (allowsInsecureTLS): any server can impersonate the target and read every request, credentials included. Use it only against throwaway test servers; prefer --ca-cert FILE."
            )
        }
        self.configuration = configuration
        self.logger = logger
        self.transport = try Self.makeTransport(configuration, logger: logger)
        logger.debug(
            "HTTP client started",
            metadata: [
                "http.version_preference": "\(configuration.httpVersion)",
                "http.transport": "\(transport.summary)",
            ]
        )
    }

    /// libcurl for ``HTTPTransportKind/automatic`` where it is linked, else URLSession.
    private static func makeTransport(_ configuration: HTTPClientConfiguration, logger: Logger) throws(HTTPClientError)
        -> any HTTPTransport
    {
        switch configuration.transport {
        case .urlSession:
            return try URLSessionTransport(configuration: configuration)
        case .automatic, .libcurl:
            #if canImport(CCurl)
                return try CurlTransport(configuration: configuration, logger: logger)
            #else
                guard configuration.transport == .automatic else {
                    throw .invalidConfiguration(
                        "libcurl is not linked on this platform; use HTTPTransportKind.urlSession or .automatic")
                }
                return try URLSessionTransport(configuration: configuration)
            #endif
        }
    }

    /// Sends a request and returns the final response, whatever its status.
    ///
    /// Cancelling the awaiting task aborts the transfer and throws
    /// ``HTTPClientError/cancelled``.
    ///
    /// - Parameter request: The request, sent exactly as given.
    /// - Returns: The status, header fields, body, HTTP version and timings of the last response.
    /// - Throws: ``HTTPClientError``: ``HTTPClientError/invalidURL``,
    ///   ``HTTPClientError/couldNotResolveHost``, ``HTTPClientError/couldNotConnect``,
    ///   ``HTTPClientError/timedOut``, ``HTTPClientError/tlsFailure(detail:)``,
    ///   ``HTTPClientError/responseTooLarge(limit:)``, ``HTTPClientError/shutDown``,
    ///   ``HTTPClientError/cancelled`` or ``HTTPClientError/transport(code:message:)``.
    public func execute(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        guard request.hasAbsoluteHTTPURL else {
            throw HTTPClientError(.invalidURL, context: .init(method: request.method.rawValue, url: request.url))
        }
        logRequest(request)
        do {
            let response = try await transport.execute(request)
            logResponse(response, to: request)
            return response
        } catch {
            logger.debug(
                "HTTP request failed",
                metadata: ["http.method": "\(request.method)", "error": "\(error)"]
            )
            throw error
        }
    }

    /// Sends `request` and, when `streamingWhen` chooses a sink for the answer from its status
    /// and header fields, returns as soon as the head is in: the body then goes to the sink as it
    /// arrives (a server-sent event stream through a proxy, say), and the returned response's body
    /// is empty. Otherwise it is ``execute(_:)``.
    ///
    /// Through libcurl a request that may be streamed has no total time limit — the sink's owner
    /// ends it by refusing a chunk — only the connect timeout. URLSession buffers the body and
    /// hands it to the sink in one chunk.
    ///
    /// - Parameters:
    ///   - request: The request, sent exactly as given.
    ///   - streamingWhen: Chooses a sink for the body, or `nil` to buffer it.
    /// - Returns: The status, header fields and (unless streamed) body of the last response.
    /// - Throws: ``HTTPClientError``, as ``execute(_:)``.
    public func execute(
        _ request: HTTPClientRequest,
        streamingWhen: @escaping @Sendable (HTTPResponse.Status, HTTPFields) -> HTTPBodySink?
    ) async throws -> HTTPClientResponse {
        guard request.hasAbsoluteHTTPURL else {
            throw HTTPClientError(.invalidURL, context: .init(method: request.method.rawValue, url: request.url))
        }
        logRequest(request)
        let response = try await transport.execute(request, streamingWhen: streamingWhen)
        logResponse(response, to: request)
        return response
    }

    /// Fails every request still running with ``HTTPClientError/shutDown``, stops the transfer
    /// thread (libcurl) or invalidates the session (URLSession) and closes all connections.
    ///
    /// With libcurl it returns once the thread has exited. Later requests fail with
    /// ``HTTPClientError/shutDown``. Calling it again does nothing more.
    public func shutdown() async {
        await transport.shutdown()
        logger.debug("HTTP client shut down")
    }

    private func logRequest(_ request: HTTPClientRequest) {
        logger.trace(
            "sending HTTP request",
            metadata: [
                "http.method": "\(request.method)",
                "http.url": "\(SecretPolicy.redactedURL(request.url))",
                "http.request.headers": request.headerFields.redactedMetadata,
                "http.request.body_size": "\(request.body?.count ?? 0)",
            ]
        )
    }

    private func logResponse(_ response: HTTPClientResponse, to request: HTTPClientRequest) {
        logger.debug(
            "received HTTP response",
            metadata: [
                "http.method": "\(request.method)",
                "http.url": "\(SecretPolicy.redactedURL(request.url))",
                "http.status": "\(response.status.code)",
                "http.version": "\(response.httpVersion)",
                "http.response.body_size": "\(response.body.count)",
                "http.duration_ms": "\(response.timings.total.roundedUpMilliseconds)",
            ]
        )
        logger.trace(
            "HTTP response headers",
            metadata: ["http.response.headers": response.headerFields.redactedMetadata]
        )
    }
}
