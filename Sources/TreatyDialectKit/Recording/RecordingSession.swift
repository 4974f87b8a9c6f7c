public import HTTPTypes
public import TreatyJSON
internal import TreatySecrets

/// What a ``RecordReader`` works with: it reads the live target through the run's credentials
/// and keeps the records it finds, bounded by ``maxRecords``.
///
/// Secrets never reach a recording: ``keep(_:in:)`` leaves out every key the secret policy
/// names (tokens, password hashes), except a password equal to ``authPassword``, which a
/// dialect gives recorded auth records so cases can log in with it.
public final class RecordingSession {
    /// Sends the requests: credentials, a login's session headers and redacted exchanges, as for
    /// a verification case (``CaseContext/useSession(_:)`` keeps a session).
    public let context: CaseContext
    /// The most records the recording keeps, over all resources.
    public let maxRecords: Int
    /// The password recorded auth records get (`--auth-password`), if any.
    public let authPassword: String?
    package private(set) var records: [String: [JSONObject]] = [:]
    /// The resources in the order their first record (or their skip) came.
    package private(set) var resources: [String] = []
    package private(set) var skipped: [String] = []
    private var count = 0
    /// Whether each key name seen so far is secret: records of a resource repeat the same few
    /// names, so the secret policy runs once per name rather than once per member.
    private var secretKeys: [String: Bool] = [:]

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - context: How requests reach the target.
    ///   - maxRecords: The most records to keep.
    ///   - authPassword: The password recorded auth records get.
    package init(context: CaseContext, maxRecords: Int, authPassword: String?) {
        self.context = context
        self.maxRecords = maxRecords
        self.authPassword = authPassword
    }

    /// Whether the recording holds ``maxRecords`` records: readers stop asking for pages.
    public var isFull: Bool { count >= maxRecords }

    /// The records kept so far for `resource`, in the order they came (parents of a scoped
    /// resource give its path parameters).
    ///
    /// - Parameter resource: The resource, collection, layout or record type.
    public func records(of resource: String) -> [JSONObject] {
        records[resource] ?? []
    }

    /// Keeps `record` as one of `resource`'s, without its secret keys.
    ///
    /// - Parameters:
    ///   - record: The canonical record.
    ///   - resource: The resource, collection, layout or record type it belongs to.
    /// - Returns: `false` (and the record is not kept) when the recording is full.
    @discardableResult
    public func keep(_ record: JSONObject, in resource: String) -> Bool {
        guard !isFull else {
            skip("more records", because: "the recording holds --max-records \(maxRecords) records")
            return false
        }
        let kept = JSONObject(
            record.members.filter { member in
                !isSecretKey(member.key) || (authPassword != nil && member.value.stringValue == authPassword)
            })
        if records[resource] == nil, !resources.contains(resource) { resources.append(resource) }
        records[resource, default: []].append(kept)
        count += 1
        return true
    }

    private func isSecretKey(_ key: String) -> Bool {
        if let known = secretKeys[key] { return known }
        let secret = SecretPolicy.isSecretKey(key)
        secretKeys[key] = secret
        return secret
    }

    /// Notes what the recording leaves out and why (reported once per distinct reason).
    ///
    /// - Parameters:
    ///   - what: What is left out, e.g. `resource 'audit'`.
    ///   - reason: Why, e.g. `the contract declares no list endpoint for it`.
    public func skip(_ what: String, because reason: String) {
        let line = "\(what): \(reason)"
        if !skipped.contains(line) { skipped.append(line) }
    }

    /// Sends `GET path` and returns its JSON answer.
    ///
    /// - Parameters:
    ///   - path: The path with concrete values.
    ///   - query: Query parameters.
    ///   - headers: Extra headers.
    ///   - endpoint: The endpoint named in failures, e.g. `GET /projects/{project_id}/tasks`.
    /// - Returns: The reply, whose ``Reply/json`` is set.
    /// - Throws: ``RecordingFailure`` when the target does not answer, refuses the credentials,
    ///   answers another status than 2xx, or answers something that is not JSON.
    public func read(
        _ path: String, query: [(String, String)] = [], headers: HTTPFields = [:], endpoint: String
    ) async throws(RecordingFailure) -> Reply {
        try accept(try await send(.get, path, query: query, headers: headers, endpoint: endpoint), endpoint: endpoint)
    }

    /// Sends a request and returns whatever the target answered, for a reader that handles a
    /// status itself (a login, an expired cursor).
    ///
    /// - Parameters:
    ///   - method: The method: `GET`, or the `POST` of a login or a query.
    ///   - path: The path with concrete values.
    ///   - query: Query parameters.
    ///   - headers: Extra headers.
    ///   - body: A JSON body.
    ///   - endpoint: The endpoint named in failures.
    /// - Returns: The reply.
    /// - Throws: ``RecordingFailure`` when the target does not answer.
    public func send(
        _ method: HTTPRequest.Method, _ path: String, query: [(String, String)] = [], headers: HTTPFields = [:],
        body: JSONValue? = nil, endpoint: String
    ) async throws(RecordingFailure) -> Reply {
        do {
            return try await context.send(method, path, query: query, headers: headers, body: body)
        } catch {
            let why = context.findings.last?.summary ?? "\(error)"
            throw RecordingFailure(.unreachable, at: endpoint, "the target did not answer: \(why)")
        }
    }

    /// Checks a reply the reader got some other way (a login, a `POST` query): 2xx with JSON.
    ///
    /// - Parameters:
    ///   - reply: The reply.
    ///   - endpoint: The endpoint named in failures.
    /// - Returns: `reply`.
    /// - Throws: ``RecordingFailure`` when it refused the credentials, is not 2xx or not JSON.
    public func accept(_ reply: Reply, endpoint: String) throws(RecordingFailure) -> Reply {
        let excerpt = Self.excerpt(reply)
        if reply.status == 401 || reply.status == 403 {
            throw RecordingFailure(
                .refused, at: endpoint,
                "\(reply.request) answered \(reply.status): the target refused the credentials\(excerpt)\n  fix: pass credentials with --header or the dialect's environment variables (see 'treaty dialects')")
        }
        guard (200..<300).contains(reply.status) else {
            throw RecordingFailure(.unreadable, at: endpoint, "\(reply.request) answered \(reply.status)\(excerpt)")
        }
        guard reply.json != nil else {
            throw RecordingFailure(.unreadable, at: endpoint, "\(reply.request) answered a body that is not JSON\(excerpt)")
        }
        return reply
    }

    private static func excerpt(_ reply: Reply) -> String {
        guard !reply.body.isEmpty else { return "" }
        let text = SecretPolicy.redactedMessage(String(decoding: reply.body.prefix(200), as: UTF8.self))
        return " (\(text))"
    }
}
