/// Which HTTP version the client asks for.
///
/// The server has the last word: a preference is negotiated (ALPN over TLS), never forced, and
/// ``HTTPClientResponse/httpVersion`` reports what was actually spoken.
public enum HTTPVersionPreference: Sendable, Hashable {
    /// HTTP/2 over TLS when the server offers it through ALPN, HTTP/1.1 otherwise.
    ///
    /// Plain `http://` URLs always use HTTP/1.1. This is the default.
    case automatic
    /// HTTP/1.1 only, also over TLS.
    case http1_1
    /// HTTP/2 wherever possible.
    ///
    /// Over TLS it is negotiated through ALPN, as with ``automatic``. Over plain `http://` the
    /// client additionally offers an `Upgrade: h2c` (with `Connection` and `HTTP2-Settings`
    /// headers); a server that ignores the offer answers in HTTP/1.1, which the client accepts.
    case http2
}
