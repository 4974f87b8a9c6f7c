internal import HTTPTypes
internal import TreatyCore
internal import TreatyJSON
internal import TreatyDialectKit
internal import TreatyRules

/// What a generated PocketBase case works with: the schema, a superuser session, and helpers
/// that create, read, list, change and delete the case's own records — checking every answer
/// with the `PB-*` rules (``PocketBaseConformance``).
///
/// Every record the case creates is registered for clean-up (newest first, so a comment goes
/// before the post it points at), and live writes stay limited to those records.
struct PocketBaseBench {
    let context: CaseContext
    let collections: [PocketBaseCollection]
    let conformance: PocketBaseConformance
    /// Unique text for this case's values (emails, tag names).
    var unique = PocketBaseSampleValues.uniqueSuffix()

    /// Logs in as the superuser through the dialect's login flow and keeps the token for the
    /// case's later requests; the password and the token are masked in everything reported.
    ///
    /// - Throws: ``CaseContext/Stop`` when the login fails.
    static func start(
        _ context: CaseContext, collections: [PocketBaseCollection], superuser: PocketBaseSuperuser
    ) async throws -> PocketBaseBench {
        context.conceal([superuser.password])
        let reply = try await context.send(
            .post, "/api/collections/_superusers/auth-with-password",
            body: ["identity": .string(superuser.email), "password": .string(superuser.password)])
        try context.require(
            reply, status: 200, rule: nil,
            "logging in as the superuser \(superuser.email) (set $TREATY_PB_SUPERUSER=email:password)")
        guard let token = reply.value(at: "/token")?.stringValue, !token.isEmpty else {
            context.record(
                Finding(
                    category: .harnessError, summary: "\(reply.request) answered 200 without a token",
                    detail: "auth-with-password answers {\"token\", \"record\"}"))
            throw CaseContext.Stop()
        }
        context.conceal([token])
        var session = HTTPFields()
        session[.authorization] = token
        context.useSession(session)
        return PocketBaseBench(
            context: context, collections: collections,
            conformance: PocketBaseConformance(collections: collections, callerSeesEmails: true))
    }

    static func recordsPath(_ collection: PocketBaseCollection) -> String {
        "/api/collections/\(collection.name)/records"
    }

    static func recordPath(_ collection: PocketBaseCollection, _ id: String) -> String {
        recordsPath(collection) + "/" + id
    }

    /// The create body for `collection`: a valid value for every writable field, and for each
    /// relation the id of a record created first in its target collection.
    func body(for collection: PocketBaseCollection, depth: Int = 0) async throws -> JSONObject {
        var body = JSONObject()
        for field in collection.fields where PocketBaseSampleValues.isWritable(field, in: collection) {
            if case .relation(let relation) = field.options {
                guard depth < 3,
                    let target = collections.first(where: {
                        $0.id == relation.collectionId || $0.name == relation.collectionId
                    })
                else { continue }
                let id = try await create(target, depth: depth + 1, check: false)
                body[field.name] = field.isMultiple ? [.string(id)] : .string(id)
            } else if let value = PocketBaseSampleValues.value(
                for: field, unique: unique + "\(depth)\(collection.name)")
            {
                body[field.name] = value
            }
        }
        if collection.type == .auth {
            body["password"] = "treaty-password-123"
            body["passwordConfirm"] = "treaty-password-123"
            body["emailVisibility"] = false
        }
        return body
    }

    /// Creates a record (and what it points at) and returns its id; with `check`, the reply is
    /// judged with the record rules.
    @discardableResult
    func create(_ collection: PocketBaseCollection, depth: Int = 0, check: Bool = true) async throws -> String {
        let created = try await createRecord(collection, depth: depth, check: check)
        return created.id
    }

    /// Creates a record; returns its id and the body sent.
    func createRecord(_ collection: PocketBaseCollection, depth: Int = 0, check: Bool = true) async throws -> (
        id: String, body: JSONObject
    ) {
        let body = try await body(for: collection, depth: depth)
        let reply = try await context.send(.post, Self.recordsPath(collection), body: .object(body))
        try context.require(reply, status: 200, rule: nil, "creating a valid \(collection.name) record must succeed")
        guard let id = reply.value(at: "/id")?.stringValue else {
            context.fail(.pocketBaseRecord, at: "/id", "\(reply.request) answered 200 without a record id")
            throw CaseContext.Stop()
        }
        context.adopt(id: id, deletePath: Self.recordPath(collection, id))
        if check, let json = reply.json {
            judge(conformance.checkRecord(json, collection: collection), in: reply)
            compare(body, with: json.objectValue ?? JSONObject(), collection: collection, in: reply)
        }
        return (id, body)
    }

    /// Reads a record that must exist and judges it.
    func view(_ collection: PocketBaseCollection, _ id: String) async throws -> JSONObject {
        let reply = try await context.send(.get, Self.recordPath(collection, id))
        try context.require(reply, status: 200, rule: nil, "viewing a record the case created")
        judge(conformance.checkRecord(reply.json ?? .null, collection: collection), in: reply)
        return reply.json?.objectValue ?? JSONObject()
    }

    /// Records each violation as a finding about `reply`.
    func judge(_ violations: [RuleViolation], in reply: Reply) {
        context.record(violations, in: reply)
    }

    /// Checks that the stored record holds what was sent, for plain scalar fields (`PB-TYPE-1`:
    /// the server kept the value's type).
    func compare(_ sent: JSONObject, with stored: JSONObject, collection: PocketBaseCollection, in reply: Reply) {
        for member in sent.members {
            guard let field = collection.field(named: member.key), Self.comparable(field) else { continue }
            // A missing field is PB-FIELD-1's to report.
            guard let found = stored[member.key], found != member.value else { continue }
            context.fail(
                .pocketBaseType, at: "/\(member.key)",
                "\(collection.name).\(member.key) was sent as \(member.value.serialized()) and came back as \(found.serialized()) (\(reply.request))",
                detail:
                    "a \(field.type) field keeps a \(field.type) value as sent; the schema and the server disagree about its type"
            )
        }
    }

    /// How a value reads in a finding: its JSON, cut to 120 characters, or `missing`.
    static func show(_ value: JSONValue?) -> String {
        guard let value else { return "missing" }
        let text = value.serialized()
        return text.count > 120 ? String(text.prefix(117)) + "…" : text
    }

    static func comparable(_ field: PocketBaseField) -> Bool {
        switch field.type {
        case .text, .number, .bool, .email, .url, .select, .relation: true
        default: false
        }
    }

    /// The field an update changes: the first plain text, number or bool field that is not a
    /// system field.
    static func updatableField(of collection: PocketBaseCollection) -> PocketBaseField? {
        collection.fields.first { field in
            guard !field.system, !field.hidden, field.name != "id" else { return false }
            switch field.type {
            case .text, .number, .bool, .editor: return true
            default: return false
            }
        }
    }
}
