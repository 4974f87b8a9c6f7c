internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// What a generated case works with: the credentials, the database and zone it writes to, and
/// helpers that send CloudKit operations and judge their answers.
struct CloudKitBench {
    let context: CaseContext
    let credentials: CloudKitCredentials
    /// `private` (with a custom zone) when a user is signed in and the contract declares a zone,
    /// `public` otherwise.
    let database: String
    /// The zone the records are written to.
    let zone: String?

    var base: String {
        "/database/1/\(credentials.container)/\(credentials.environment)/\(database)"
    }

    /// Sends `operation` with `body`, authenticated (and signed for the public database when a
    /// key is configured).
    func send(_ operation: String, _ body: JSONValue, signIn: Bool = true) async throws -> Reply {
        var query = [("ckAPIToken", credentials.apiToken)]
        if signIn, let web = credentials.webAuthToken { query.append(("ckWebAuthToken", web)) }
        let path = "\(base)/\(operation)"
        let bytes = body.serializedBytes()
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        if database == "public", credentials.webAuthToken == nil, let signing = credentials.signingKey {
            query = []
            for (name, value) in CloudKitRequestSigner.headers(keyID: signing.id, key: signing.key, path: path, body: bytes) {
                if let field = HTTPField.Name(name) { headers[field] = value }
            }
        }
        return try await context.send(.post, path, query: query, headers: headers, bytes: bytes)
    }

    /// The zoneID the requests name, or nothing for the default zone.
    var zoneID: JSONValue? {
        zone.map { .object(["zoneName": .string($0)]) }
    }

    /// A request body with the zone added.
    func body(_ members: JSONObject) -> JSONValue {
        var object = members
        if let zoneID { object["zoneID"] = zoneID }
        return .object(object)
    }

    /// Sends a `records/modify` and requires HTTP 200, judging the answer with the CK rules.
    func modify(_ operations: [JSONValue], atomic: Bool? = nil, _ meaning: String) async throws -> Reply {
        var members: JSONObject = ["operations": .array(operations)]
        if let atomic { members["atomic"] = .bool(atomic) }
        let reply = try await send("records/modify", body(members))
        try context.require(reply, status: 200, rule: .cloudKitError, meaning)
        context.checkAnswer(reply, as: .endpoint(EndpointRequest(method: "POST", path: "\(base)/records/modify")))
        return reply
    }

    /// Looks up one record; `nil` when the answer is a NOT_FOUND entry.
    func lookup(_ name: String) async throws -> JSONObject? {
        let reply = try await send("records/lookup", body(["records": [["recordName": .string(name)]]]))
        try context.require(reply, status: 200, rule: .cloudKitError, "records/lookup of '\(name)'")
        context.checkAnswer(reply, as: .endpoint(EndpointRequest(method: "POST", path: "\(base)/records/lookup")))
        guard let entry = reply.value(at: "/records/0")?.objectValue, entry["serverErrorCode"] == nil else { return nil }
        return entry
    }

    /// The record operation dictionary.
    static func operation(_ type: String, _ record: JSONObject) -> JSONValue {
        .object(["operationType": .string(type), "record": .object(record)])
    }
}
