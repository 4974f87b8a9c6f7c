internal import Foundation
internal import HTTPTypes
internal import Synchronization
internal import TreatyDialect
internal import TreatyJSON

extension FileMakerDialect {
    /// An authorized call's session.
    struct Authorized {
        let token: String
        let globals: [String: JSONValue]
    }

    /// `POST /databases/{db}/sessions` with `Authorization: Basic …`: the token in the body and
    /// in `X-FM-Data-Access-Token`.
    func login(_ call: FileMakerCall, _ database: FileMakerDatabase) throws(FileMakerError) -> DialectResponse {
        guard let header = call.request.headers[.authorization], header.hasPrefix("Basic "),
            let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        else { throw FileMakerError(10, "HTTP Authorization header is missing or not Basic", status: .unauthorized) }
        let username = String(pair[..<colon])
        let password = String(pair[pair.index(after: colon)...])
        guard database.accounts.contains(where: { $0.username == username && $0.password == password }) else {
            throw FileMakerError.invalidAccount
        }
        var token = ""
        repeat {
            token = call.store.random { Self.sessionToken(using: &$0) }
        } while state.sessions.withLock({ $0.isOpen(token) })
        let now = call.store.presentTime()
        let opened = sessions(call.store) {
            $0.open(
                token, database: database.name, at: now, idle: configuration.sessionIdleMilliseconds,
                limit: configuration.maxSessions)
        }
        guard opened else { throw FileMakerError.tooManySessions }
        var headers = HTTPFields()
        if let name = HTTPField.Name("X-FM-Data-Access-Token") { headers[name] = token }
        return FileMakerEnvelope.response(["token": .string(token)], headers: headers)
    }

    /// `DELETE /databases/{db}/sessions/{token}`: the token comes from the path; no header needed.
    func logout(_ token: String, _ call: FileMakerCall) -> DialectResponse {
        let closed = sessions(call.store) { $0.close(token) }
        return closed ? FileMakerEnvelope.response(JSONObject()) : FileMakerError.invalidToken.response
    }

    /// `GET /validateSession` with a bearer token.
    func validateSession(_ call: FileMakerCall) throws(FileMakerError) -> DialectResponse {
        guard let token = call.bearerToken else { throw FileMakerError.invalidToken }
        let now = call.store.presentTime()
        let session = sessions(call.store) {
            $0.use(token, database: nil, at: now, idle: configuration.sessionIdleMilliseconds)
        }
        guard session != nil else { throw FileMakerError.invalidToken }
        return FileMakerEnvelope.response(["isSessionInUse": false])
    }

    /// The session a database-scoped call's bearer token names.
    ///
    /// - Throws: 952 on HTTP 401 when the token is missing, unknown, closed or expired.
    func authorize(_ call: FileMakerCall, _ database: FileMakerDatabase) throws(FileMakerError) -> Authorized {
        guard let token = call.bearerToken else { throw FileMakerError.invalidToken }
        let now = call.store.presentTime()
        let session = sessions(call.store) {
            $0.use(token, database: database.name, at: now, idle: configuration.sessionIdleMilliseconds)
        }
        guard let session else { throw FileMakerError.invalidToken }
        return Authorized(token: token, globals: session.globals)
    }

    /// `PATCH /databases/{db}/globals` `{"globalFields": {"Table::gField": value}}`: per session.
    func globals(_ call: FileMakerCall, _ database: FileMakerDatabase, token: String) throws(FileMakerError)
        -> DialectResponse
    {
        let body = try call.body()
        guard let fields = body["globalFields"]?.objectValue else {
            throw FileMakerError.parameterMissing("globalFields")
        }
        var values: [String: JSONValue] = [:]
        for member in fields.members {
            let parts = member.key.components(separatedBy: "::")
            guard parts.count == 2, let table = database.table(named: parts[0]),
                let field = table.field(named: parts[1]), field.global
            else { throw FileMakerError.fieldMissing(member.key) }
            values[member.key] = try FileMakerValue.stored(member.value, for: field, format: .us)
        }
        sessions(call.store) { $0.setGlobals(values, for: token) }
        return FileMakerEnvelope.response(JSONObject())
    }

    /// Runs `body` on the sessions — read from the store first when this copy is not that
    /// store's — and writes the sessions it changed back to the store's standing attachments.
    ///
    /// The write runs in a store transaction holding the sessions' lock inside it (the store's
    /// lock order: its writer lock first) and writes each changed session as it is then, so the
    /// last write of a session is its latest state, durable before the answer that follows.
    @discardableResult
    func sessions<Result>(_ store: RecordStore, _ body: (inout FileMakerSessions) -> Result) -> Result {
        let (result, changed) = state.sessions.withLock { sessions in
            if sessions.source != ObjectIdentifier(store) {
                sessions = FileMakerSessions(
                    stored: store.attachments(prefixed: FileMakerSessions.keyPrefix, in: .standing),
                    source: ObjectIdentifier(store))
            }
            let result = body(&sessions)
            return (result, sessions.hasChanges)
        }
        guard changed else { return result }
        store.transaction {
            state.sessions.withLock { sessions in
                for change in sessions.takeChanges() { store.attach(change.value, as: change.key, in: .standing) }
            }
        }
        return result
    }

    /// A new session token: 40 lower-case hex digits.
    static func sessionToken(using generator: inout some RandomNumberGenerator) -> String {
        let alphabet = Array("0123456789abcdef")
        return String((0..<40).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
