public import HTTPTypes
public import TreatyCore
public import TreatyDialectKit
public import TreatyJSON

/// What the shared dialect conformance suite sends to a backend of one dialect.
///
/// The suite opens ``session`` first on every server it starts, records the answers of
/// ``reads`` and checks them with the dialect's payload checker (each must conform, and its
/// ``SampleRead/breaking`` copy must fail with ``SampleRead/brokenRule``); it sends ``write`` to
/// prove the journal, snapshots, resets and deterministic output, and sends oversized and
/// over-nested bodies where the last request of ``write`` goes.
public struct DialectSample: Sendable {
    /// Requests that open a session (a login), sent before anything else; empty when the
    /// dialect's reads and writes need none.
    public var session: [SampleRequest]
    /// Readable requests, with what `treaty check` checks their answers as.
    public var reads: [SampleRead]
    /// Requests that change the store, in order.
    public var write: [SampleRequest]

    /// Creates a sample.
    public init(session: [SampleRequest] = [], reads: [SampleRead], write: [SampleRequest]) {
        self.session = session
        self.reads = reads
        self.write = write
    }
}

/// One request of a ``DialectSample``.
public struct SampleRequest: Sendable {
    /// The method.
    public var method: HTTPRequest.Method
    /// The path and query, e.g. `/projects/P1/tasks`.
    public var target: String
    /// The JSON body, if any.
    public var body: JSONValue?
    /// When set, the answer's value at this pointer is sent as `Authorization` with every later
    /// request of the sample (a login's token), after ``sessionScheme``.
    public var sessionToken: JSONPointer?
    /// What precedes the token in `Authorization`: `""` (the bare token) or `"Bearer "`.
    public var sessionScheme: String
    /// Header fields of this request (a login's `Authorization: Basic …`).
    public var headers: HTTPFields

    /// Creates a request.
    public init(
        _ method: HTTPRequest.Method, _ target: String, body: JSONValue? = nil, headers: HTTPFields = [:],
        sessionToken: JSONPointer? = nil, sessionScheme: String = ""
    ) {
        self.method = method
        self.target = target
        self.body = body
        self.headers = headers
        self.sessionToken = sessionToken
        self.sessionScheme = sessionScheme
    }
}

/// A readable request whose answer the conformance suite checks, and how to break it.
public struct SampleRead: Sendable {
    /// The request.
    public var request: SampleRequest
    /// What `treaty check` checks the answer as.
    public var subject: PayloadSubject
    /// The answer changed so that it breaks ``brokenRule``.
    public var breaking: @Sendable (JSONValue) -> JSONValue
    /// The rule the broken answer must fail with.
    public var brokenRule: RuleID

    /// Creates a read.
    public init(
        request: SampleRequest, subject: PayloadSubject, brokenRule: RuleID,
        breaking: @escaping @Sendable (JSONValue) -> JSONValue
    ) {
        self.request = request
        self.subject = subject
        self.brokenRule = brokenRule
        self.breaking = breaking
    }
}
