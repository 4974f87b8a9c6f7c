public import TreatyJSON
public import TreatyRules

/// What the payloads `treaty check` reads are.
public enum PayloadSubject: Sendable, Hashable {
    /// Answers of an endpoint: a template (`GET /projects/{project_id}/tasks`) or a concrete
    /// request (`GET /api/collections/posts/records?filter=…`), parsed once.
    case endpoint(EndpointRequest)
    /// Bare records of a resource, collection or record type.
    case records(String)
}

/// An endpoint as `treaty check --endpoint` and scenario steps name it, parsed once into its
/// method, path and query so no dialect splits the text again.
public struct EndpointRequest: Sendable, Hashable, CustomStringConvertible {
    /// The method, upper-cased; empty when the text names none.
    public var method: String
    /// The path (a template or a concrete path), without the query.
    public var path: String
    /// The query after `?`, if any.
    public var query: String?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The method (upper-cased here).
    ///   - path: The path, without the query.
    ///   - query: The query after `?`, if any.
    public init(method: String, path: String, query: String? = nil) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
    }

    /// Reads `METHOD /path?query`; a text without a space is a path without a method.
    ///
    /// - Parameter text: The endpoint as written, e.g. `GET /api/collections/posts/records?page=2`.
    public init(parsing text: String) {
        let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).map(String.init)
        let target = parts.count == 2 ? parts[1] : text
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        self.init(
            method: parts.count == 2 ? parts[0] : "", path: pieces.first ?? "",
            query: pieces.count == 2 ? pieces[1] : nil)
    }

    /// The path with its query, as requested.
    public var target: String { path + (query.map { "?" + $0 } ?? "") }

    /// `METHOD /path?query`.
    public var description: String { method.isEmpty ? target : "\(method) \(target)" }
}

/// Limits of a payload check.
public struct PayloadCheckOptions: Sendable {
    /// Parser limits (size, depth).
    public var parser: JSONParser.Options
    /// The most violations kept per payload.
    public var maxViolationsPerPayload: Int
    /// Threads that may check one large list.
    public var threads: Int
    /// How checkers that use ``TreatyRules/PayloadCheck`` read list payloads; the findings are the
    /// same either way.
    public var engine: PayloadCheck.Engine

    /// Creates options.
    public init(
        parser: JSONParser.Options = .init(), maxViolationsPerPayload: Int = 1000,
        threads: Int = PayloadCheck.defaultThreads, engine: PayloadCheck.Engine = .scan
    ) {
        self.parser = parser
        self.maxViolationsPerPayload = maxViolationsPerPayload
        self.threads = threads
        self.engine = engine
    }
}

/// Checks recorded payloads, one after another, against a dialect's rules.
///
/// Use one checker for a sequence of payloads so rules that span payloads see them all.
public protocol PayloadChecker {
    /// What the payloads are checked as, e.g. `GET /projects/{project_id}/tasks`.
    var contextDescription: String { get }

    /// Checks one payload.
    ///
    /// - Parameters:
    ///   - bytes: The payload's UTF-8 JSON text.
    ///   - name: The file name (or `<stdin>`) used in findings.
    /// - Returns: The violations, or why the payload could not be checked.
    mutating func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String) -> PayloadResult
}

extension PayloadCheck: PayloadChecker {
    /// What the plan checks payloads as.
    public var contextDescription: String { plan.contextDescription }
}
