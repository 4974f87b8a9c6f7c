internal import Foundation
public import HTTPTypes
public import TreatyCore
internal import TreatyDialect
public import TreatyJSON
public import TreatyRules
internal import TreatySecrets

/// What a running case works with: it sends requests to the target, checks answers against the
/// contract, and collects findings.
///
/// A context belongs to one case and one task. Records the case creates with `POST` are
/// deleted after the case unless it deleted them itself. Against a live target the context
/// refuses to change or delete a record the run did not create, so a live run never touches
/// data it does not own.
public final class CaseContext {
    /// Ends a case early, after a finding that makes the rest meaningless (a failed create).
    public struct Stop: Error {
        /// Creates the signal.
        public init() {}
    }

    /// Ends a case without a verdict because it cannot run here (no second parent record to
    /// test scope with, no record to reference).
    public struct Skip: Error {
        /// Why the case cannot run.
        public var reason: String
        /// Creates the signal.
        public init(_ reason: String) { self.reason = reason }
    }

    /// The contract under verification.
    public let contract: Contract
    /// Whether the target is a live server (not the in-process simulator).
    public let isLive: Bool
    /// The contract's schema as its dialect decoded it, when the run knows it: its payload
    /// checker judges answers no contract endpoint describes (``checkAnswer(_:as:)``), and it
    /// says what a `POST` created.
    public let dialect: (any DialectSchema)?
    let connection: any CaseTransport
    package private(set) var findings: [Finding] = []
    package private(set) var exchanges: [Exchange] = []
    private var createdIDs: Set<String> = []
    private var cleanupPaths: [String] = []
    /// Headers a login earned (a dialect's session token), sent with every later request and
    /// with the clean-up deletes.
    private var sessionHeaders: HTTPFields = [:]
    /// Masks the secrets a case learned while running (a password it sent, a token it got).
    private var concealer = Redactor()
    private var concealed: [String] = []

    /// Creates the context of one case.
    ///
    /// - Parameters:
    ///   - contract: The contract under verification.
    ///   - connection: How requests reach the target.
    ///   - isLive: Whether the target is a live server.
    ///   - dialect: The contract's schema as its dialect decoded it, when known.
    package init(contract: Contract, connection: any CaseTransport, isLive: Bool, dialect: (any DialectSchema)? = nil) {
        self.contract = contract
        self.connection = connection
        self.isLive = isLive
        self.dialect = dialect
    }

    /// Sends a request and returns the answer.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - path: The path with concrete values, e.g. `/projects/P1/tasks`.
    ///   - query: Query parameters (percent-encoded when sent).
    ///   - headers: Extra headers; credentials and `Accept`/`Content-Type` are added.
    ///   - body: A JSON body.
    /// - Returns: The answer.
    /// - Throws: ``Stop`` after recording a transport finding, or when a live write would touch
    ///   a record this run did not create.
    @discardableResult
    public func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        query: [(String, String)] = [],
        headers: HTTPFields = [:],
        body: JSONValue? = nil
    ) async throws -> Reply {
        try await send(method, path, query: query, headers: headers, bytes: body.map { $0.serializedBytes() })
    }

    /// Sends a request whose body is given as raw bytes (for malformed-body cases).
    @discardableResult
    public func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        query: [(String, String)] = [],
        headers: HTTPFields = [:],
        bytes: [UInt8]?
    ) async throws -> Reply {
        try guardLiveWrite(method, path)
        let items = query.map { QueryItem(name: $0.0, value: $0.1) }
        var fields = sessionHeaders
        for field in headers { fields[field.name] = field.value }
        let reply: Reply
        do {
            let (answer, exchange) = try await connection.send(method, path, query: items, headers: fields, body: bytes)
            exchanges.append(conceal(exchange))
            reply = answer
        } catch {
            exchanges.append(conceal(error.exchange))
            findings.append(conceal(error.finding))
            throw Stop()
        }
        track(method, path, reply)
        return reply
    }

    /// Records a finding and goes on.
    public func record(_ finding: Finding) {
        findings.append(conceal(finding))
    }

    /// Sends `headers` with every later request of the case, including the deletes that clean
    /// up after it: the session a dialect's login flow earned (`Authorization: <token>`).
    /// Credential headers are masked in reports by name.
    ///
    /// - Parameter headers: The headers.
    public func useSession(_ headers: HTTPFields) {
        sessionHeaders = headers
    }

    /// Masks `secrets` (a password the case sends, a token it receives) wherever they appear in
    /// what the case reports, including exchanges it already recorded.
    ///
    /// - Parameter secrets: The literal values; values shorter than four characters are ignored.
    public func conceal(_ secrets: [String]) {
        concealed += secrets
        concealer = Redactor(secrets: concealed)
        exchanges = exchanges.map(conceal)
        findings = findings.map(conceal)
    }

    private func conceal(_ exchange: Exchange) -> Exchange {
        var exchange = exchange
        exchange.request = concealer.redact(exchange.request)
        exchange.requestHeaders = exchange.requestHeaders.map(concealer.redact)
        exchange.requestBody = concealer.redact(exchange.requestBody)
        exchange.responseHeaders = exchange.responseHeaders.map(concealer.redact)
        exchange.responseBody = concealer.redact(exchange.responseBody)
        return exchange
    }

    private func conceal(_ finding: Finding) -> Finding {
        var finding = finding
        finding.summary = concealer.redactMessage(finding.summary)
        finding.detail = concealer.redactMessage(finding.detail)
        finding.expected = finding.expected.map(concealer.redactMessage)
        finding.found = finding.found.map(concealer.redactMessage)
        return finding
    }

    /// Records that `rule` is broken, and goes on.
    ///
    /// - Parameters:
    ///   - rule: The broken rule.
    ///   - pointer: Where in the body, e.g. `/assignee_id`.
    ///   - summary: One line.
    ///   - detail: Expected and found values, and the fix.
    public func fail(_ rule: RuleID?, at pointer: String? = nil, _ summary: String, detail: String = "") {
        let parsed = pointer.flatMap { try? JSONPointer(parsing: $0) }
        findings.append(conceal(Finding(rule: rule, category: .ruleViolation, pointer: parsed, summary: summary, detail: detail)))
    }

    /// Requires `reply` to have `status`; otherwise records a status finding and stops the case.
    ///
    /// - Throws: ``Stop`` when the status differs.
    public func require(_ reply: Reply, status: Int, rule: RuleID?, _ meaning: String) throws {
        guard reply.status != status else { return }
        let code = reply.errorCode.map { " (\($0))" } ?? ""
        findings.append(
            conceal(
                Finding(
                    rule: rule, category: .statusMismatch,
                    summary: "\(reply.request): expected \(status), got \(reply.status)\(code)",
                    detail: "\(meaning)\nexpected status \(status); the target answered \(reply.status)\(code)")))
        throw Stop()
    }

    /// Checks a response body against every conformance rule for `endpoint`, recording each
    /// violation (warnings are not failures).
    ///
    /// - Parameters:
    ///   - reply: The answer.
    ///   - endpoint: The contract endpoint that answered.
    ///   - path: Path parameter values of the request.
    ///   - query: Query parameter values of the request.
    public func checkConformance(_ reply: Reply, endpoint: Endpoint, path: [String: String] = [:], query: [String: String] = [:]) {
        let target = CheckTarget.endpoint(endpoint, request: RequestValues(path: path, query: query))
        guard let plan = try? CheckPlan(contract: contract, target: target) else { return }
        var check = PayloadCheck(plan: plan, maxViolationsPerPayload: 50)
        check.threads = 1
        let result = check.check(reply.body, name: reply.request)
        if let failure = result.failure {
            findings.append(
                Finding(
                    rule: "TR-BODY-1", category: .bodyMismatch, summary: "\(reply.request): \(failure.message)",
                    detail: failure.fix ?? ""))
        }
        record(result.violations, in: reply)
    }

    /// Judges an answer with the dialect's payload checker as `subject` (e.g.
    /// `.endpoint(EndpointRequest(method: "GET", path: "/fmi/data/vLatest/databases/Music/layouts/Artists/records"))`), recording
    /// each violation.
    ///
    /// - Returns: Whether the dialect could check it (it knows the endpoint or record type).
    @discardableResult
    public func checkAnswer(_ reply: Reply, as subject: PayloadSubject) -> Bool {
        guard let dialect,
            var checker = try? dialect.payloadChecker(
                for: subject, options: PayloadCheckOptions(maxViolationsPerPayload: 50, threads: 1))
        else { return false }
        let result = reply.body.withUnsafeBufferPointer { checker.check($0, name: reply.request) }
        if let failure = result.failure {
            findings.append(
                conceal(
                    Finding(
                        rule: nil, category: .bodyMismatch, summary: "\(reply.request): \(failure.message)",
                        detail: failure.fix ?? "")))
        }
        record(result.violations, in: reply)
        return true
    }

    /// Records each error-severity violation (warnings are not failures) as a finding about
    /// `reply`: the rule, the JSON pointer, the expected and found values, and the fix.
    ///
    /// - Parameters:
    ///   - violations: What a dialect's rules found in the answer.
    ///   - reply: The answer they were found in.
    public func record(_ violations: [RuleViolation], in reply: Reply) {
        for violation in violations where violation.severity == .error {
            var detail = ["expected \(violation.expected), found \(violation.found)"]
            if !violation.fix.isEmpty { detail.append("fix: \(violation.fix)") }
            findings.append(
                conceal(
                    Finding(
                        rule: violation.rule, category: .ruleViolation, pointer: violation.pointer,
                        summary: "\(violation.message) (\(reply.request))", detail: detail.joined(separator: "\n"),
                        expected: violation.expected, found: violation.found)))
        }
    }

    /// A fresh lowercase UUID.
    public func newID() -> String {
        UUID().uuidString.lowercased()
    }

    /// The current UTC time with milliseconds, e.g. `2025-01-01T09:00:00.000Z`, shifted by
    /// `offset` milliseconds.
    public func timestamp(offsetMilliseconds offset: Int64 = 0) -> String {
        TimestampText.format(Int64(Date().timeIntervalSince1970 * 1000) + offset)
    }

    /// Marks an id as created by this run (so live-mode writes to it are allowed).
    public func adopt(id: String, deletePath: String?) {
        createdIDs.insert(id)
        if let deletePath, !cleanupPaths.contains(deletePath) { cleanupPaths.append(deletePath) }
    }

    /// Deletes what the case created and did not delete, newest first; failures are ignored.
    package func cleanUp() async {
        for path in cleanupPaths.reversed() {
            let items: [QueryItem] = []
            _ = try? await connection.send(.delete, path, query: items, headers: sessionHeaders, body: nil)
        }
        cleanupPaths.removeAll()
    }

    private func guardLiveWrite(_ method: HTTPRequest.Method, _ path: String) throws {
        guard isLive, method != .get, method != .head, method != .post, method != .options else { return }
        let segments = path.split(separator: "/").map(String.init)
        guard segments.contains(where: createdIDs.contains) else {
            findings.append(
                Finding(
                    category: .harnessError,
                    summary: "refused \(method.rawValue) \(path): a live run only changes records it created",
                    detail: "create the record in an earlier step of the same case, or run against the mock target"))
            throw Stop()
        }
    }

    private func track(_ method: HTTPRequest.Method, _ path: String, _ reply: Reply) {
        switch method {
        case .post where (200..<300).contains(reply.status):
            guard let answer = reply.json else { return }
            let created =
                dialect.map { $0.created(by: answer, postedTo: path) }
                ?? CreatedRecord.identified(by: answer, postedTo: path, in: contract)
            guard let created else { return }
            adopt(id: created.id, deletePath: created.deletePath)
        case .delete where (200..<300).contains(reply.status):
            cleanupPaths.removeAll { $0 == path }
        default:
            break
        }
    }
}
