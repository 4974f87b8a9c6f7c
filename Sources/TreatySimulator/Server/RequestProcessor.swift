import HTTPTypes
import Logging
import NIOCore
import TreatyCore
import TreatyDialect
import TreatySecrets

/// The simulator's request path, free of I/O: it journals a request, applies the fault
/// rules, asks the dialect, and says what to send. It takes swift-http-types requests and
/// instants of the continuous clock, no NIO types, so the HTTP layer in front of it can
/// change without it. Shared by every connection; every part it uses is thread-safe.
final class RequestProcessor: Sendable {
    /// The methods a dialect may serve; any other is refused with 405 before the dialect.
    static let servedMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]

    let dialect: any Dialect
    let store: RecordStore
    let journal: RequestJournal
    let faults: FaultInjector
    let admin: AdminAPI
    /// The response streams being written.
    let streams = OpenStreams()
    let logger: Logger
    let maxBodySize: Int
    /// The admin API's token, when it needs one.
    let adminToken: String?
    /// How long a refused body may pause, and how long it may take in all.
    let lingerTimeout: TimeAmount
    let lingerTime: TimeAmount
    /// The live backend some or all requests go to, if any.
    let passThrough: PassThrough?
    /// The contract's stub routes, answered before the dialect.
    let stubs: StubRouter

    init(dialect: any Dialect, store: RecordStore, configuration: SimulatorConfiguration) {
        self.dialect = dialect
        journal = RequestJournal(capacity: configuration.journalCapacity)
        faults = FaultInjector(rules: configuration.faults, seed: configuration.seed)
        stubs = StubRouter(routes: configuration.routes ?? store.contract.routes, endpoints: store.contract.endpoints)
        admin = AdminAPI(
            store: store, journal: journal, faults: faults, streams: streams, stubs: stubs,
            recorder: configuration.passThrough?.recorder, fixtureExport: configuration.fixtureExport, dialect: dialect,
            logger: configuration.logger)
        logger = configuration.logger
        maxBodySize = configuration.maxBodySize
        adminToken = configuration.adminToken
        lingerTimeout = TimeAmount(configuration.lingerTimeout)
        lingerTime = TimeAmount(configuration.lingerTime)
        passThrough = configuration.passThrough
        self.store = store
    }

    /// Decides the answer to a complete request.
    func process(_ head: HTTPRequest, body: [UInt8], started: ContinuousClock.Instant) -> Reply {
        let target = head.path ?? "/"
        let (path, query) = Self.split(target)
        let method = head.method
        if AdminAPI.owns(path) {
            let headers = head.headerFields
            if let adminToken, !AdminAPI.isAuthorized(headers, token: adminToken) {
                if Dashboard.owns(path) {
                    let request = Self.request(method, path: path, query: query, headers: headers, body: body)
                    let response = Dashboard.login(request, token: adminToken)
                    return Reply(action: .respond(response), method: head.method.rawValue, path: path, started: started)
                }
                let response = AdminResponse.error(
                    .unauthorized,
                    "the admin API needs its token: Authorization: Bearer TOKEN or X-Treaty-Admin-Token: TOKEN")
                return Reply(action: .respond(response), method: head.method.rawValue, path: path, started: started)
            }
            let response = admin.respond(
                to: Self.request(method, path: path, query: query, headers: headers, body: body))
            return Reply(action: .respond(response), method: head.method.rawValue, path: path, started: started)
        }
        let sequence = journal.begin(JournalEntry(request: head, path: path, query: query, body: body))
        var reply = Reply(
            action: .reset, sequence: sequence, method: head.method.rawValue, path: path, started: started)
        guard Self.servedMethods.contains(method) else {
            reply.action = .respond(dialect.failureResponse(for: .methodNotAllowed(allowed: Self.servedMethods)))
            return reply
        }
        let decision = faults.decide(method: method, path: path)
        reply.delayMilliseconds = decision.delayMilliseconds
        if decision.delayMilliseconds > 0 { reply.fault = "latency" }
        switch decision.terminal {
        case .status(let status)?:
            reply.fault = "status"
            reply.action = .respond(dialect.failureResponse(for: .injectedStatus(status)))
        case .rateLimit(let seconds)?:
            reply.fault = "rate_limit"
            var response = dialect.failureResponse(for: .rateLimited(retryAfterSeconds: seconds))
            if response.headers[.retryAfter] == nil { response.headers[.retryAfter] = String(seconds) }
            reply.action = .respond(response)
        case .reset?:
            reply.fault = "reset"
            reply.action = .reset
        case .latency?, nil:
            let request = Self.request(method, path: path, query: query, headers: head.headerFields, body: body)
            answer(request, target: target, into: &reply)
        }
        return reply
    }

    /// The answer to a request whose body crossed the limit: the dialect's 413.
    func refuseTooLarge(_ head: HTTPRequest, started: ContinuousClock.Instant) -> Reply {
        let (path, query) = Self.split(head.path ?? "/")
        let response = dialect.failureResponse(for: .payloadTooLarge(limit: maxBodySize))
        let sequence =
            AdminAPI.owns(path) ? nil : journal.begin(JournalEntry(request: head, path: path, query: query, body: []))
        return Reply(
            action: .respond(response), sequence: sequence, method: head.method.rawValue, path: path, started: started)
    }

    /// Completes the journal entry and logs the request (its path with session tokens masked);
    /// call just before acting on `reply`.
    func complete(_ reply: Reply, status: Int?) {
        let elapsed = ContinuousClock.now - reply.started
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        if let sequence = reply.sequence {
            var answer: DialectResponse?
            if case .respond(let response) = reply.action { answer = response }
            journal.finish(
                sequence, status: status, durationMicros: micros, fault: reply.fault, answer: answer, note: reply.note)
        }
        guard logger.logLevel <= .debug else { return }
        let shownPath = SecretPolicy.redactedPath(reply.path)
        logger.debug(
            "\(reply.method) \(shownPath) -> \(status.map(String.init) ?? "reset")",
            metadata: [
                "method": "\(reply.method)", "path": "\(shownPath)",
                "status": "\(status.map(String.init) ?? "reset")", "duration_us": "\(micros)",
            ])
    }

    /// The part of a request target before its `?`.
    static func path(of target: String) -> String {
        split(target).path
    }

    /// A request target's path and query (what follows the `?`, empty when there is none),
    /// found in one pass over its bytes: the journal and the dialect's request share them.
    static func split(_ target: String) -> (path: String, query: Substring) {
        let question = UInt8(ascii: "?")
        let offset =
            target.utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: question) }
            ?? target.utf8.firstIndex(of: question).map { target.utf8.distance(from: target.utf8.startIndex, to: $0) }
        guard let offset else { return (target, "") }
        let mark = target.utf8.index(target.utf8.startIndex, offsetBy: offset)
        return (String(target[..<mark]), target[target.utf8.index(after: mark)...])
    }

    /// The dialect's request for a target already split (``split(_:)``): what
    /// `DialectRequest(method:target:headers:body:)` makes, without scanning the target again.
    static func request(
        _ method: HTTPRequest.Method, path: String, query: Substring, headers: HTTPFields, body: [UInt8]
    ) -> DialectRequest {
        let rawQuery = String(query)
        var request = DialectRequest(
            method: method, path: path, query: QueryItem.parse(rawQuery), headers: headers, body: body)
        request.rawQuery = rawQuery
        return request
    }
}
