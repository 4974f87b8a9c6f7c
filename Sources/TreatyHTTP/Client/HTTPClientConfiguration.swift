/// How an ``HTTPClient`` connects: TLS trust and identity, timeouts, HTTP version and limits.
///
/// Every property has a safe default, so `HTTPClientConfiguration()` verifies TLS certificates
/// against the system's trust store, waits at most 10 seconds to connect and 30 seconds for a
/// whole request, and accepts response bodies of up to 64 MiB.
///
/// Proxies come from the environment, as libcurl reads them for every request: `http_proxy`,
/// `https_proxy` (also upper case), `all_proxy` and `no_proxy` (URLSession follows the system's
/// proxy settings instead). The configuration never overrides them.
///
/// ```swift
/// var configuration = HTTPClientConfiguration()
/// configuration.caCertificatePath = "certs/staging-ca.pem"
/// configuration.requestTimeout = .seconds(5)
/// ```
public struct HTTPClientConfiguration: Sendable {
    /// A PEM file of CA certificates to trust instead of the system's trust store.
    ///
    /// Use it for servers whose certificate a private CA issued (staging, local test servers).
    public var caCertificatePath: String?
    /// A PEM file with the client certificate to present when the server asks for one.
    public var clientCertificatePath: String?
    /// A PEM file with the private key of ``clientCertificatePath``.
    ///
    /// Leave it `nil` when the certificate file also holds the key.
    public var clientKeyPath: String?
    /// Whether to accept any server certificate and host name. Defaults to `false`.
    ///
    /// This disables the protection TLS gives against impostors, so ``HTTPClient`` logs a warning
    /// every time it is created with this flag. Prefer ``caCertificatePath``.
    public var allowsInsecureTLS: Bool
    /// How long to wait for a connection, TLS handshake included. Defaults to 10 seconds.
    public var connectTimeout: Duration
    /// How long a whole request may take, connecting included. Defaults to 30 seconds.
    ///
    /// ``HTTPClientRequest/timeout`` overrides it for one request.
    public var requestTimeout: Duration
    /// Which HTTP version to ask for. Defaults to ``HTTPVersionPreference/automatic``.
    public var httpVersion: HTTPVersionPreference
    /// The largest response body to accept, in bytes. Defaults to 64 MiB.
    ///
    /// A larger body fails the request with ``HTTPClientError/responseTooLarge(limit:)``.
    public var maxResponseBodySize: Int
    /// The `User-Agent` sent when a request doesn't set one. Defaults to ``defaultUserAgent``.
    public var userAgent: String
    /// Which transport sends the requests. Defaults to ``HTTPTransportKind/automatic``: libcurl
    /// where the build links it, URLSession elsewhere.
    public var transport: HTTPTransportKind

    /// The `User-Agent` of a default configuration.
    public static let defaultUserAgent = "treaty/0.1"

    /// Creates a configuration with every default.
    public init() {
        self.caCertificatePath = nil
        self.clientCertificatePath = nil
        self.clientKeyPath = nil
        self.allowsInsecureTLS = false
        self.connectTimeout = .seconds(10)
        self.requestTimeout = .seconds(30)
        self.httpVersion = .automatic
        self.maxResponseBodySize = 64 * 1024 * 1024
        self.userAgent = Self.defaultUserAgent
        self.transport = .automatic
    }
}
