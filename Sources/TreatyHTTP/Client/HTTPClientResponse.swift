public import HTTPTypes

/// What the server answered: the final response's status, header fields and body, with the
/// HTTP version spoken and how long each phase took.
///
/// Only the last response counts: interim `1xx` responses (such as `100 Continue` or
/// `103 Early Hints`) are skipped. Redirects are never followed, so a `3xx` arrives as is.
public struct HTTPClientResponse: Sendable {
    /// The status code and, over HTTP/1.x, the reason phrase.
    public var status: HTTPResponse.Status
    /// The final response's header fields in received order (trailers, if any, follow them).
    public var headerFields: HTTPFields
    /// The body bytes as received: never decompressed or decoded.
    public var body: [UInt8]
    /// The HTTP version spoken: `"1.0"`, `"1.1"`, `"2"` or `"3"`.
    public var httpVersion: String
    /// When each phase of the request finished.
    public var timings: HTTPTimings

    /// Creates a response; ``HTTPClient`` makes these, tests and stubs may too.
    ///
    /// - Parameters:
    ///   - status: The status.
    ///   - headerFields: The header fields.
    ///   - body: The body bytes.
    ///   - httpVersion: The HTTP version, such as `"1.1"`.
    ///   - timings: The phase timings.
    public init(
        status: HTTPResponse.Status,
        headerFields: HTTPFields = [:],
        body: [UInt8] = [],
        httpVersion: String = "1.1",
        timings: HTTPTimings = .init()
    ) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
        self.httpVersion = httpVersion
        self.timings = timings
    }
}
