import Foundation
import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// A non-superuser's filter and sort reach only what PocketBase lets them: joins respect the
/// joined collection's list rule (a locked one refuses the join), and hidden emails never match.
@Suite struct PocketBaseDialectFilterGuardTests: InProcessPocketBase {
    let dialect = PocketBaseDialect()
    let store = RecordStore(contract: PocketBaseDialect.emptyContract)

    func token(_ collection: String, _ identity: String, _ password: String) throws -> String {
        let (_, body) = try send(
            .post, "/api/collections/\(collection)/auth-with-password",
            json: ["identity": .string(identity), "password": .string(password)])
        return try #require(body["token"]?.stringValue)
    }

    /// Alice (email hidden), Bob (email visible) and a public `posts` collection with one post by Alice.
    func seed() throws -> (superuser: String, alice: String) {
        let superuser = try token("_superusers", "admin@example.com", "admin-password-123")
        for (email, name, visible) in [("alice@example.com", "Alice", false), ("bob@example.com", "Bob", true)] {
            let (status, _) = try send(
                .post, "/api/collections/users/records",
                json: [
                    "email": .string(email), "password": "password-123", "passwordConfirm": "password-123",
                    "name": .string(name), "emailVisibility": .bool(visible),
                ], token: superuser)
            try #require(status == 200)
        }
        let (created, _) = try send(
            .post, "/api/collections",
            json: [
                "name": "posts", "type": "base", "listRule": "", "viewRule": "",
                "fields": [
                    ["name": "title", "type": "text"],
                    ["name": "author", "type": "relation", "collectionId": "_pb_users_auth_", "maxSelect": 1],
                ],
            ], token: superuser)
        try #require(created == 200)
        let alice = try token("users", "alice@example.com", "password-123")
        let aliceID = try #require(PocketBaseToken.unverifiedClaims(alice)?["id"]?.stringValue)
        let (posted, _) = try send(
            .post, "/api/collections/posts/records", json: ["title": "Hello", "author": .string(aliceID)],
            token: superuser)
        try #require(posted == 200)
        return (superuser, alice)
    }

    func total(_ collection: String, _ filter: String, token: String?) throws -> JSONValue? {
        let encoded = filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? filter
        return try send(.get, "/api/collections/\(collection)/records?filter=\(encoded)", token: token).1["totalItems"]
    }

    @Test("a join into a collection the caller may not list matches nothing")
    func joinsRespectViewRules() throws {
        let (superuser, alice) = try seed()
        #expect(try total("posts", #"author.name = "Alice""#, token: nil) == 0)
        #expect(try total("posts", #"author.name = "Alice""#, token: alice) == 1)
        #expect(try total("posts", #"author.name = "Alice""#, token: superuser) == 1)
        #expect(try total("posts", #"title = "Hello""#, token: nil) == 1)
    }

    func titles(sort: String, token: String?) throws -> [String] {
        let (status, body) = try send(.get, "/api/collections/posts/records?sort=\(sort)&fields=title", token: token)
        try #require(status == 200, "\(body)")
        return body["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    }

    @Test("sorting through a relation keeps only rows whose joined record is missing or may be listed")
    func sortJoinsRespectListRules() throws {
        let (superuser, alice) = try seed()
        let (posted, _) = try send(.post, "/api/collections/posts/records", json: ["title": "Anonymous"], token: superuser)
        try #require(posted == 200)
        #expect(try titles(sort: "author.name,title", token: nil) == ["Anonymous"])
        #expect(try titles(sort: "author.name,title", token: alice) == ["Anonymous", "Hello"])
        #expect(try titles(sort: "author.name,title", token: superuser) == ["Anonymous", "Hello"])
        #expect(try titles(sort: "title", token: nil) == ["Anonymous", "Hello"])
    }

    @Test("a join into a collection whose list rule is locked is a 400 for a filter and a sort")
    func lockedJoins() throws {
        let (superuser, alice) = try seed()
        let (changed, _) = try send(
            .patch, "/api/collections/users", json: ["listRule": .null, "viewRule": ""], token: superuser)
        try #require(changed == 200)
        let filter = #"author.name = "Alice""#.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        #expect(try send(.get, "/api/collections/posts/records?filter=\(filter)", token: alice).0 == 400)
        #expect(try send(.get, "/api/collections/posts/records?sort=author.name", token: alice).0 == 400)
        #expect(try total("posts", #"author.name = "Alice""#, token: superuser) == 1)
    }

    @Test("email matches only where emailVisibility is true, even for the owner; superusers match any")
    func hiddenEmails() throws {
        let (superuser, alice) = try seed()
        #expect(try total("users", #"email = "alice@example.com""#, token: alice) == 0)
        #expect(try total("users", #"email = "alice@example.com""#, token: superuser) == 1)
        #expect(try total("users", #"email != """#, token: superuser) == 2)
    }
}
