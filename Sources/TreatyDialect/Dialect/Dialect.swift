public import HTTPTypes
public import TreatyCore

/// A backend's wire format: it turns HTTP requests into store operations and results back into
/// that backend's responses.
///
/// A dialect does four jobs — route requests, map the wire request to store operations, wrap
/// results in its envelope, and map errors to its wire format — and nothing else: ids,
/// timestamps, versions, validation, paging and filtering live once, in ``RecordStore``.
///
/// Conformers must guarantee:
/// - ``respond(to:store:)`` never traps and never blocks for long; every failure becomes a
///   response in the dialect's error format.
/// - It is safe to call from several threads at once (the store serializes its own state).
/// - ``failureResponse(for:)`` renders the server's own refusals (unknown route, body too large,
///   injected faults) in the same error format, so clients cannot tell them from the backend's.
public protocol Dialect: Sendable {
    /// The dialect a contract names to be served by this type.
    static var id: DialectID { get }

    /// Answers one request.
    ///
    /// - Parameters:
    ///   - request: The request, with its body already read (and within the body limit).
    ///   - store: The records to serve and change.
    /// - Returns: The complete response, or one whose body is a ``ResponseStream``.
    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse

    /// The response for a failure the server detects before the dialect sees the request.
    func failureResponse(for failure: SimulatorFailure) -> DialectResponse

    /// Whether `response`, this dialect's answer to `request`, says the store does not hold
    /// what was asked for: what `treaty serve --spy` forwards to the live backend instead.
    ///
    /// The default is a 404 (an unknown route, collection or record) or a 405 (a method the
    /// route does not take); a dialect that answers a missing record otherwise says so here.
    ///
    /// - Parameters:
    ///   - response: The dialect's answer.
    ///   - request: The request it answers.
    /// - Returns: Whether a spy forwards the request.
    func lacksRecords(_ response: DialectResponse, for request: DialectRequest) -> Bool
}

extension Dialect {
    /// A 404 or a 405 (not a stream).
    ///
    /// - Parameters:
    ///   - response: The dialect's answer.
    ///   - request: Unused.
    /// - Returns: Whether the status is 404 or 405.
    public func lacksRecords(_ response: DialectResponse, for request: DialectRequest) -> Bool {
        response.stream == nil && (response.status.code == 404 || response.status.code == 405)
    }
}

/// One HTTP request as a dialect sees it.
public struct DialectRequest: Sendable {
    /// The method, e.g. `.get`.
    public var method: HTTPRequest.Method
    /// The path without the query, percent-encoded as received (e.g. `/projects/P1/tasks`).
    public var path: String
    /// The query items in order, percent-decoded.
    public var query: [QueryItem]
    /// The header fields.
    public var headers: HTTPFields
    /// The body bytes (empty when there is none).
    public var body: [UInt8]
    /// The query string as it arrived (without `?`), for dialects whose servers decode it
    /// differently (PocketBase reads `+` as a space; see ``QueryItem/parse(_:plusAsSpace:)``).
    public var rawQuery: String = ""

    /// Creates a request.
    public init(
        method: HTTPRequest.Method,
        path: String,
        query: [QueryItem] = [],
        headers: HTTPFields = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Parses a request target such as `/projects/P1/tasks?since=…` into path and query.
    public init(method: HTTPRequest.Method, target: String, headers: HTTPFields = [:], body: [UInt8] = []) {
        var path = target
        var rawQuery = ""
        if let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = String(target[..<mark])
            rawQuery = String(target[target.utf8.index(after: mark)...])
        }
        self.init(method: method, path: path, query: QueryItem.parse(rawQuery), headers: headers, body: body)
        self.rawQuery = rawQuery
    }

    /// The first value of query parameter `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

/// One `name=value` pair of a query string.
public struct QueryItem: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value (empty for `?flag`).
    public var value: String

    /// Creates an item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The items of a query string, percent-decoded. `+` stays a plus sign, as RFC 3986 says,
    /// unless `plusAsSpace` asks for HTML-form decoding (what Go's `net/url`, and so PocketBase,
    /// does: `sort=+views`, `filter=a+%3D+1`); `%2B` is a plus either way.
    public static func parse(_ query: String, plusAsSpace: Bool = false) -> [QueryItem] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                guard plusAsSpace, text.utf8.contains(UInt8(ascii: "+")) else { return PercentDecoding.decode(text) }
                return PercentDecoding.decode(String(text.map { $0 == "+" ? " " : $0 }))
            }
            return QueryItem(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}

/// One HTTP response produced by a dialect.
public struct DialectResponse: Sendable {
    /// The status.
    public var status: HTTPResponse.Status
    /// The header fields (the server adds `Content-Length`, or for a ``stream``
    /// `Transfer-Encoding: chunked`).
    public var headers: HTTPFields
    /// The body bytes (ignored when ``stream`` is set).
    public var body: [UInt8]
    /// The body, when it is sent as it is produced (server-sent events); `nil` for a complete
    /// ``body``.
    public var stream: ResponseStream?

    /// Creates a response.
    public init(status: HTTPResponse.Status, headers: HTTPFields = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response whose body is `stream`.
    public init(status: HTTPResponse.Status, headers: HTTPFields = [:], stream: ResponseStream) {
        self.status = status
        self.headers = headers
        body = []
        self.stream = stream
    }
}
