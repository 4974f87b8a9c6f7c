/// Why ``HTTPClient`` could not produce a response.
///
/// Each error renders as one actionable line through ``description``, naming the request's
/// URL (secrets redacted) and what to do next, for example:
///
/// ```
/// TLS certificate verification failed for https://127.0.0.1:8443/health (unable to get local issuer certificate); pass --ca-cert FILE with the issuing CA
/// ```
///
/// Compare with the static members: `error == .timedOut`, or match a family regardless of
/// payload with ``kind``: `error.kind == .tlsFailure`. Two errors are equal when they are of the
/// same kind with the same payload; the URL and libcurl's message are context, not identity.
/// An HTTP status such as `404` or `500` is a response, never an error.
public struct HTTPClientError: Error, Sendable, CustomStringConvertible, Equatable {
    enum Base: Error, Hashable, Sendable {
        case invalidURL
        case couldNotResolveHost
        case couldNotConnect
        case timedOut
        case tlsFailure(detail: String)
        case responseTooLarge(limit: Int)
        case shutDown
        case cancelled
        case transport(code: Int, message: String)
        case invalidConfiguration(detail: String)
    }

    /// What went wrong; equality compares this only.
    let base: Base
    /// Where it went wrong and what libcurl said, for the description.
    let context: HTTPClientErrorContext

    init(_ base: Base, context: HTTPClientErrorContext = .init()) {
        self.base = base
        self.context = context
    }

    /// The URL of the failed request, as the caller gave it; `nil` for configuration errors.
    public var url: String? { context.url }

    /// Whether two errors are of the same kind with the same payload, ignoring the URL and
    /// libcurl's wording.
    ///
    /// - Parameters:
    ///   - lhs: An error.
    ///   - rhs: Another error.
    /// - Returns: `true` when both have the same kind and payload.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.base == rhs.base
    }

    /// The URL was not an absolute `http://` or `https://` URL, or libcurl could not parse it.
    public static let invalidURL = Self(.invalidURL)
    /// The host name did not resolve.
    public static let couldNotResolveHost = Self(.couldNotResolveHost)
    /// Nothing accepted the connection (refused, unreachable).
    public static let couldNotConnect = Self(.couldNotConnect)
    /// The connect timeout or the request timeout ran out.
    public static let timedOut = Self(.timedOut)
    /// The client was shut down before the request finished, or before it started.
    public static let shutDown = Self(.shutDown)
    /// The task awaiting the request was cancelled.
    public static let cancelled = Self(.cancelled)

    /// TLS failed: the server's certificate did not verify, the handshake failed, or the CA or
    /// client certificate files could not be used.
    ///
    /// - Parameter detail: libcurl's explanation, such as `"self-signed certificate in certificate chain"`.
    /// - Returns: The error.
    public static func tlsFailure(detail: String) -> Self {
        Self(.tlsFailure(detail: detail))
    }

    /// The response body was larger than ``HTTPClientConfiguration/maxResponseBodySize``.
    ///
    /// - Parameter limit: The limit in bytes.
    /// - Returns: The error.
    public static func responseTooLarge(limit: Int) -> Self {
        Self(.responseTooLarge(limit: limit))
    }

    /// Any other transfer failure, with the transport's error code and message.
    ///
    /// - Parameters:
    ///   - code: libcurl's `CURLcode`, such as `52` for an empty reply, or with the URLSession
    ///     transport a `URLError` code, such as `-1005` for a lost connection.
    ///   - message: The transport's explanation.
    /// - Returns: The error.
    public static func transport(code: Int, message: String) -> Self {
        Self(.transport(code: code, message: message))
    }

    /// The configuration cannot work, such as a CA file that cannot be read.
    ///
    /// - Parameter detail: What is wrong and how to fix it.
    /// - Returns: The error.
    public static func invalidConfiguration(_ detail: String) -> Self {
        Self(.invalidConfiguration(detail: detail))
    }
}

/// Where an ``HTTPClientError`` happened, for its description; never part of its identity.
struct HTTPClientErrorContext: Sendable {
    /// The method of the failed request, such as `GET`.
    var method: String?
    /// The request URL as given.
    var url: String?
    /// The transport's own message, when it said more than the error code does.
    var transportMessage: String?
    /// Whose error codes ``HTTPClientError/transport(code:message:)`` carries: `curl`, or
    /// `URLError` with the URLSession transport.
    var transportName = "curl"
    /// Which TLS problem, to suggest the right fix.
    var tlsProblem: TLSProblem?

    enum TLSProblem: Sendable {
        case certificateVerification
        case caFile
        case clientCertificate
        case handshake
    }
}
