public import TreatyJSON

/// A route outside the dialect that a contract declares under `routes:` — a health check, an
/// upload endpoint, a PocketBase hook — and the answers the simulator gives it.
///
/// The simulator tries stub routes before the dialect, in contract order; the first whose
/// method, path template and matchers all accept a request answers it.
///
/// ```yaml
/// routes:
///   - method: POST
///     path: /hooks/{name}
///     match:
///       query: { dry_run: { equals: "1" } }
///       headers: { x-signature: { present: true } }
///       body: { /kind: { regex: "^order\\." } }
///     answers:
///       - { status: 202, body: { queued: "{{path.name}}" } }
///       - { status: 429, headers: { retry-after: "5" } }
///     then: repeat-last
/// ```
public struct StubRoute: Sendable, Hashable {
    /// What comes after the last answer of a sequence.
    public enum AfterLast: String, Sendable, Hashable, CaseIterable {
        /// Every later call gets the last answer again.
        case repeatLast = "repeat-last"
        /// The sequence starts over.
        case cycle
    }

    /// The method, upper-cased.
    public var method: String
    /// The path template; its parameters are `{{path.NAME}}` in answers.
    public var path: PathTemplate
    /// Matchers on query parameters, by name.
    public var query: [StubMatcher]
    /// Matchers on header fields, by lower-cased name.
    public var headers: [StubMatcher]
    /// Matchers on the JSON body, by JSON pointer (`/kind`, `/items/0/id`).
    public var body: [StubMatcher]
    /// The answers, in call order; one for a fixed answer.
    public var answers: [StubAnswer]
    /// What comes after the last answer.
    public var afterLast: AfterLast
    /// Where the route is declared.
    public var location: SourceLocation?

    /// Creates a route.
    public init(
        method: String, path: PathTemplate, query: [StubMatcher] = [], headers: [StubMatcher] = [],
        body: [StubMatcher] = [], answers: [StubAnswer], afterLast: AfterLast = .repeatLast,
        location: SourceLocation? = nil
    ) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.answers = answers
        self.afterLast = afterLast
        self.location = location
    }

    /// `METHOD /template`, as near-miss reports name the route.
    public var signature: String { "\(method) \(path)" }
}

/// One matcher of a ``StubRoute``: a query parameter, header field or body member and the
/// condition its value must meet.
public struct StubMatcher: Sendable, Hashable {
    /// What the value must be.
    public enum Condition: Sendable, Hashable {
        /// Exactly this value (for a body member, this JSON value).
        case equals(JSONValue)
        /// A text containing this.
        case contains(String)
        /// A text this regular expression matches somewhere (anchor it with `^…$`).
        case regex(String)
        /// Present (`true`) or absent (`false`).
        case present(Bool)
    }

    /// The parameter name, the lower-cased header name, or the body's JSON pointer.
    public var key: String
    /// The condition.
    public var condition: Condition

    /// Creates a matcher.
    public init(key: String, condition: Condition) {
        self.key = key
        self.condition = condition
    }
}

/// One answer of a ``StubRoute``.
///
/// Texts in ``headers`` and strings anywhere in ``body`` may hold `{{path.NAME}}`,
/// `{{query.NAME}}`, `{{header.NAME}}` and `{{body.POINTER}}` (e.g. `{{body./title}}`),
/// replaced by the request's values; a string that is one placeholder alone takes the
/// value's JSON type (`"{{body./count}}"` stays a number).
public struct StubAnswer: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, in order.
    public var headers: [StubHeader]
    /// The JSON body, or `nil` for none; a string is sent as text when ``headers`` give a
    /// non-JSON `content-type`.
    public var body: JSONValue?

    /// Creates an answer.
    public init(status: Int, headers: [StubHeader] = [], body: JSONValue? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// One header field of a ``StubAnswer``.
public struct StubHeader: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The value, possibly templated.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
