import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// Parameterless record views and lists (by their whole query) are kept per caller and answered
/// again until a collection or any record changes; views with parameters, and rules or queries
/// that read the clock, `@random` or the request, are never kept.
@Suite struct PocketBaseKeptAnswersTests: InProcessPocketBase {
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

    @Test("a kept list follows creates, updates and deletes, and is per caller")
    func keptLists() throws {
        let superuser = try token("_superusers", "admin@example.com", "admin-password-123")
        let list = "/api/collections/users/records?filter=name~'Al'&sort=-name&perPage=5"
        func names(_ token: String?) throws -> [String] {
            let (status, body) = try send(.get, list, token: token)
            #expect(status == 200, "\(body)")
            return (body["items"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        }
        #expect(try names(superuser) == [])
        var ids: [String] = []
        for name in ["Alice", "Albert"] {
            let (status, created) = try send(
                .post, "/api/collections/users/records",
                json: [
                    "email": .string(name.lowercased() + "@example.com"), "password": "long-password-1",
                    "passwordConfirm": "long-password-1", "name": .string(name),
                ], token: superuser)
            #expect(status == 200, "\(created)")
            ids.append(try #require(created["id"]?.stringValue))
            _ = try names(superuser)
        }
        #expect(try names(superuser) == ["Alice", "Albert"])
        #expect(try names(nil) == [], "a guest does not pass users' list rule; the superuser's kept page is not the guest's")
        #expect(try send(.patch, "/api/collections/users/records/\(ids[1])", json: ["name": "Alfred"], token: superuser).0 == 200)
        #expect(try names(superuser) == ["Alice", "Alfred"])
        #expect(try send(.delete, "/api/collections/users/records/\(ids[0])", token: superuser).0 == 204)
        #expect(try names(superuser) == ["Alfred"])
    }

    @Test(
        "rules and list queries that read the clock, @random or the request are never kept",
        arguments: [
            ("", true), ("id = @request.auth.id", true), ("@collection.posts.author ?= id", true),
            ("@request.headers.x_tenant = 'a'", false), ("created < @now", false), ("@request.method = 'GET'", false),
            ("filter=views > 5&sort=@random", false), ("filter=created > @todayStart", false),
            ("@request.auth.id != '' && @collection.tags.name ?= title", true), ("owner = @request.auth.id || 'a@'", false),
            ("title = '@'", false), ("@request.authx = 1", false),
        ])
    func cacheableRules(rule: String, cacheable: Bool) {
        #expect(PocketBaseKeptAnswers.isCacheable(rule) == cacheable)
    }
}
