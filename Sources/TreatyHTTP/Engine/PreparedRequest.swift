internal import HTTPTypes

/// A request checked and translated for libcurl on the caller's side, so the engine thread only
/// applies options.
struct PreparedRequest: Sendable {
    /// How the method and body map onto libcurl options.
    enum BodyMode: Sendable, Equatable {
        /// No body: `CURLOPT_HTTPGET`, plus `CURLOPT_CUSTOMREQUEST` unless the method is GET.
        case none
        /// `HEAD`: `CURLOPT_NOBODY`, which also tells libcurl not to wait for a body.
        case head
        /// A body of exactly these bytes: `CURLOPT_POST` with `CURLOPT_POSTFIELDSIZE_LARGE` and
        /// `CURLOPT_COPYPOSTFIELDS`, plus `CURLOPT_CUSTOMREQUEST` unless the method is POST.
        case bytes([UInt8])
    }

    let method: String
    let url: String
    /// `Name: value` lines for `CURLOPT_HTTPHEADER`, including the removals of libcurl's own
    /// headers (`Expect:`) and `Name;` for empty values.
    let headerLines: [String]
    let body: BodyMode
    let timeout: Duration

    /// Whether `CURLOPT_CUSTOMREQUEST` must name the method.
    var needsCustomMethod: Bool {
        switch body {
        case .none: method != "GET"
        case .head: false
        case .bytes: method != "POST"
        }
    }

    /// Checks and translates a request.
    ///
    /// - Throws: ``HTTPClientError/invalidURL`` for anything but an absolute http(s) URL.
    init(_ request: HTTPClientRequest, defaultTimeout: Duration) throws(HTTPClientError) {
        let method = request.method.rawValue
        guard request.hasAbsoluteHTTPURL else {
            throw HTTPClientError(.invalidURL, context: .init(method: method, url: request.url))
        }
        self.method = method
        self.url = request.url
        self.timeout = request.timeout ?? defaultTimeout
        self.body = Self.bodyMode(method: request.method, body: request.body)
        self.headerLines = Self.headerLines(request.headerFields, hasBody: body != .none && body != .head)
    }

    private static func bodyMode(method: HTTPRequest.Method, body: [UInt8]?) -> BodyMode {
        if method == .head { return .head }
        if let body { return .bytes(body) }
        // RFC 9110 §8.6: send Content-Length for methods that define a body, even when empty.
        return [.post, .put, .patch].contains(method) ? .bytes([]) : .none
    }

    private static func headerLines(_ fields: HTTPFields, hasBody: Bool) -> [String] {
        var lines = fields.map { field in
            // libcurl drops `Name:` with an empty value; `Name;` sends it empty.
            field.value.isEmpty ? "\(field.name.rawName);" : "\(field.name.rawName): \(field.value)"
        }
        if fields[.expect] == nil {
            lines.append("Expect:")
        }
        if hasBody, fields[.contentType] == nil {
            // libcurl would add `Content-Type: application/x-www-form-urlencoded` to a body.
            lines.append("Content-Type:")
        }
        return lines
    }
}
