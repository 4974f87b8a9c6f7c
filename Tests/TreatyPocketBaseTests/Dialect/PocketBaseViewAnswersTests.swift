import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// Parameterless record views are kept per caller and answered again until a collection or
/// any record changes; views with parameters, and rules that read the clock or the request,
/// are never kept.
@Suite struct PocketBaseViewAnswersTests: InProcessPocketBase {
    let dialect = PocketBaseDialect()
    let store = RecordStore(contract: PocketBaseDialect.emptyContract)

    func token(_ collection: String, _ identity: String, _ password: String) throws -> String {
        let (status, body) = try send(
            .post, "/api/collections/\(collection)/auth-with-password", json: ["identity": .string(identity), "password": .string(password)])
        #expect(status == 200, "\(body)")
        return "Bearer " + (try #require(body["token"]?.stringValue))
    }

    @Test("a kept view follows writes, is per caller, and never serves a view with parameters")
    func keptViews() throws {
        let superuser = try token("_superusers", "admin@example.com", "admin-password-123")
        let (created, alice) = try send(
            .post, "/api/collections/users/records",
            json: [
                "email": "alice@example.com", "password": "alice-password", "passwordConfirm": "alice-password",
                "name": "Alice", "emailVisibility": false,
            ], token: superuser)
        #expect(created == 200, "\(alice)")
        let id = try #require(alice["id"]?.stringValue)
        let path = "/api/collections/users/records/\(id)"
        let own = try token("users", "alice@example.com", "alice-password")
        #expect(try send(.get, path, token: own).1["name"] == "Alice")
        #expect(try send(.get, path, token: own).1["email"] == "alice@example.com", "the owner sees the hidden email")
        #expect(try send(.get, path).0 == 404, "a guest does not pass users' view rule, kept or not")
        #expect(try send(.patch, path, json: ["name": "Alice B."], token: superuser).0 == 200)
        #expect(try send(.get, path, token: own).1["name"] == "Alice B.", "a write to the record shows at once")
        let fields = try send(.get, path + "?fields=name", token: own).1
        #expect(fields == ["name": "Alice B."])
        #expect(try send(.delete, path, token: superuser).0 == 204)
        #expect(try send(.get, path, token: superuser).0 == 404)
    }

    @Test(
        "rules that read the clock or the request are never kept",
        arguments: [
            ("", true), ("id = @request.auth.id", true), ("@collection.posts.author ?= id", true),
            ("@request.headers.x_tenant = 'a'", false), ("created < @now", false), ("@request.method = 'GET'", false),
        ])
    func cacheableRules(rule: String, cacheable: Bool) {
        #expect(PocketBaseViewAnswers.isCacheable(rule) == cacheable)
    }
}
