/// Which transport an ``HTTPClient`` sends its requests with.
///
/// libcurl gives the verifier what it needs against staging servers: a private CA bundle, a
/// client certificate, an HTTP version preference and per-phase timings. It is linked on Linux
/// and macOS only, so an iOS, tvOS, watchOS or visionOS test bundle that links `TreatyTesting`
/// needs no libcurl: there the client uses URLSession.
public enum HTTPTransportKind: Sendable, Hashable {
    /// libcurl when this build links it, URLSession otherwise. The default.
    case automatic
    /// libcurl; ``HTTPClient/init(configuration:logger:)`` refuses it where it is not linked
    /// (see ``isLibcurlAvailable``).
    case libcurl
    /// Foundation's URLSession (FoundationNetworking on Linux).
    ///
    /// It sends requests as libcurl does, with these differences: it cannot use
    /// ``HTTPClientConfiguration/caCertificatePath``, a client certificate,
    /// ``HTTPClientConfiguration/allowsInsecureTLS`` or an ``HTTPVersionPreference`` other than
    /// ``HTTPVersionPreference/automatic`` (the client refuses such a configuration); the
    /// request timeout bounds connecting too; header fields come back sorted by name, repeated
    /// ones joined with commas as URLSession joins them; ``HTTPClientResponse/httpVersion`` is
    /// `"1.1"`, as URLSession does not report it; and ``HTTPTimings`` holds the whole request's
    /// time as its first byte and total, the earlier phases being unmeasured (zero).
    case urlSession

    /// Whether this build links libcurl (Linux and macOS).
    public static var isLibcurlAvailable: Bool {
        #if canImport(CCurl)
            true
        #else
            false
        #endif
    }
}
