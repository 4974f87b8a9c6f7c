internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// The callers a rule or filter case speaks as besides the superuser, and the list and create
/// helpers those cases share (pocketbase.md §5–§7).
extension PocketBaseBench {
    /// A guest's headers: a token that is not one, which PocketBase ignores (pocketbase.md §5).
    static var guest: HTTPFields {
        var fields = HTTPFields()
        fields[.authorization] = "treaty-guest"
        return fields
    }

    /// Headers with an empty `Authorization`: no token at all.
    static var anonymous: HTTPFields {
        var fields = HTTPFields()
        fields[.authorization] = ""
        return fields
    }

    /// The headers that send `token`, raw or as `Bearer <token>`.
    static func authorized(_ token: String, bearer: Bool) -> HTTPFields {
        var fields = HTTPFields()
        fields[.authorization] = bearer ? "Bearer " + token : token
        return fields
    }

    /// A fresh record id of 15 characters `[a-z0-9]`.
    static func freshID() -> String {
        String((0..<15).map { _ in PocketBaseRecordID.alphabet.randomElement() ?? "x" })
    }

    /// `(id='a'||id='b'…)`: a filter scoping a list to the case's own records.
    static func scope(_ ids: [String]) -> String {
        "(" + ids.map { "id='\($0)'" }.joined(separator: "||") + ")"
    }

    /// The target collection of a relation field.
    func target(of field: PocketBaseField) -> PocketBaseCollection? {
        guard case .relation(let relation) = field.options else { return nil }
        return collections.first { $0.id == relation.collectionId || $0.name == relation.collectionId }
    }

    /// Creates a record of `collection` from `body` as the superuser and adopts it; returns its id.
    func insert(_ collection: PocketBaseCollection, _ body: JSONObject) async throws -> String {
        let reply = try await context.send(.post, Self.recordsPath(collection), body: .object(body))
        try context.require(reply, status: 200, rule: nil, "creating a \(collection.name) record the case needs")
        guard let id = reply.value(at: "/id")?.stringValue else {
            context.fail(.pocketBaseRecord, at: "/id", "\(reply.request) answered 200 without a record id")
            throw CaseContext.Stop()
        }
        context.adopt(id: id, deletePath: Self.recordPath(collection, id))
        return id
    }

    /// A sample body of `collection` with `changes` applied, made with a unique suffix of its own
    /// (so that unique fields stay unique across the records of one case).
    func sample(_ collection: PocketBaseCollection, _ changes: [String: JSONValue] = [:]) async throws -> JSONObject {
        var maker = self
        maker.unique = PocketBaseSampleValues.uniqueSuffix()
        var body = try await maker.body(for: collection)
        for (key, value) in changes { body[key] = value }
        return body
    }

    /// Lists `collection` with `query` as `headers` say (the superuser by default), requires
    /// 200, and returns the reply and its items' ids in order.
    func listIDs(
        _ collection: PocketBaseCollection, _ query: [(String, String)], headers: HTTPFields = [:], _ meaning: String
    ) async throws -> (reply: Reply, ids: [String]) {
        let reply = try await context.send(
            .get, Self.recordsPath(collection), query: query + [("perPage", "1000")], headers: headers)
        try context.require(reply, status: 200, rule: .pocketBaseList, meaning)
        let ids = (reply.value(at: "/items")?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        return (reply, ids)
    }

    /// Lists the case's records `ids` with `filter` as the superuser and fails with `rule` unless
    /// exactly `expected` match (in any order).
    func expectMatches(
        _ collection: PocketBaseCollection, _ ids: [String], filter: String, _ expected: [String],
        names: [String: String], fix: String
    ) async throws {
        let (reply, found) = try await listIDs(
            collection, [("filter", "\(Self.scope(ids))&&(\(filter)\(filter.contains("//") ? "\n" : ""))")],
            "listing with filter=\(filter)")
        guard Set(found) != Set(expected) else { return }
        let show = { (ids: [String]) in "[" + ids.map { names[$0] ?? $0 }.sorted().joined(separator: ", ") + "]" }
        context.fail(
            .pocketBaseList, at: "/items",
            "\(reply.request): the filter \(filter) matched \(show(found)), expected \(show(expected))",
            detail: "fix: \(fix)")
    }

    /// Lists the case's records `ids` sorted by `sort` as the superuser and fails unless they
    /// come in the order `expected`.
    func expectOrder(
        _ collection: PocketBaseCollection, _ ids: [String], sort: String, _ expected: [String],
        names: [String: String], fix: String
    ) async throws {
        let (reply, found) = try await listIDs(
            collection, [("filter", Self.scope(ids)), ("sort", sort)], "listing with sort=\(sort)")
        guard found != expected else { return }
        let show = { (ids: [String]) in "[" + ids.map { names[$0] ?? $0 }.joined(separator: ", ") + "]" }
        context.fail(
            .pocketBaseList, at: "/items",
            "\(reply.request): sort=\(sort) answered \(show(found)), expected \(show(expected))", detail: "fix: \(fix)")
    }

    /// Creates a record of the auth collection `collection` (with `changes`) and logs in as it
    /// with its email and password; returns its id, token (masked in reports) and email.
    func login(_ collection: PocketBaseCollection, _ changes: [String: JSONValue] = [:]) async throws -> (
        id: String, token: String, email: String
    ) {
        let body = try await sample(collection, changes)
        let id = try await insert(collection, body)
        let reply = try await context.send(
            .post, "/api/collections/\(collection.name)/auth-with-password",
            body: ["identity": body["email"] ?? "", "password": body["password"] ?? ""])
        try context.require(
            reply, status: 200, rule: nil, "logging in as the \(collection.name) record the case created")
        guard let token = reply.value(at: "/token")?.stringValue, !token.isEmpty else {
            context.fail(.pocketBaseRecord, at: "/token", "\(reply.request) answered 200 without a token")
            throw CaseContext.Stop()
        }
        context.conceal([token])
        return (id, token, body["email"]?.stringValue ?? "")
    }

    /// Whether `collection` is an auth collection a case can log in to with an email and password.
    static func canLogIn(_ collection: PocketBaseCollection) -> Bool {
        guard collection.type == .auth, let auth = collection.auth, collection.field(named: "email") != nil else {
            return false
        }
        return auth.passwordAuth.enabled && auth.passwordAuth.identityFields.contains("email")
    }
}
