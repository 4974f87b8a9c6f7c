public import HTTPTypes

/// One request for ``HTTPClient/execute(_:)``: a method, an absolute URL, header fields and an
/// optional body, sent exactly as given.
///
/// The client adds only what HTTP needs and the caller didn't set: `Host`, `Content-Length` for
/// a body, `User-Agent` (``HTTPClientConfiguration/userAgent``) and `Accept: */*`. It never adds
/// `Expect: 100-continue`, a form `Content-Type` or `Accept-Encoding`, and sends the path as is
/// (no `/../` squashing).
///
/// ```swift
/// let request = HTTPClientRequest(
///     method: .post,
///     url: "http://127.0.0.1:8090/api/collections/posts/records",
///     headerFields: [.contentType: "application/json"],
///     body: Array(#"{"title":"Hello"}"#.utf8)
/// )
/// ```
public struct HTTPClientRequest: Sendable {
    /// The method, sent as the request line's method.
    public var method: HTTPRequest.Method
    /// The absolute `http://` or `https://` URL to request.
    public var url: String
    /// Header fields to send, in order; duplicates are sent as separate lines.
    public var headerFields: HTTPFields
    /// The bytes to send as the body, or `nil` for none.
    ///
    /// Any method may carry a body, `GET` and `DELETE` included, except `HEAD`, whose body is
    /// ignored. `POST`, `PUT` and `PATCH` without a body send `Content-Length: 0`.
    public var body: [UInt8]?
    /// How long this request may take, overriding ``HTTPClientConfiguration/requestTimeout``.
    public var timeout: Duration?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The request method.
    ///   - url: An absolute `http://` or `https://` URL.
    ///   - headerFields: Header fields to send as given.
    ///   - body: The body bytes, or `nil` for none.
    ///   - timeout: A timeout for this request only; `nil` uses the configuration's.
    public init(
        method: HTTPRequest.Method,
        url: String,
        headerFields: HTTPFields = [:],
        body: [UInt8]? = nil,
        timeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headerFields = headerFields
        self.body = body
        self.timeout = timeout
    }
}
