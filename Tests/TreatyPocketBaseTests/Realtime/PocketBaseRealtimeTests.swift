import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// `/api/realtime` in process: the stream, subscriptions, events per rule and auth, options,
/// refusals, and what ends a client. `Differential/pocketbase/realtime_diff.py` checks the same
/// behaviour against a real PocketBase 0.40.6 (see `PocketBaseRealtimeDifferentialTests`).
@Suite struct PocketBaseRealtimeTests: InProcessPocketBase {
    let dialect: PocketBaseDialect
    let store = RecordStore(contract: PocketBaseDialect.emptyContract)

    init() {
        var configuration = PocketBaseDialectConfiguration()
        configuration.realtime.queueCapacity = 8 * 1024
        dialect = PocketBaseDialect(configuration: configuration)
    }

    func token(_ collection: String, _ identity: String, _ password: String) throws -> String {
        let (status, body) = try send(
            .post, "/api/collections/\(collection)/auth-with-password",
            json: ["identity": .string(identity), "password": .string(password)])
        #expect(status == 200, "\(body)")
        return "Bearer " + (try #require(body["token"]?.stringValue))
    }

    /// A `posts` collection whose list rule shows public posts and whose view rule also shows a
    /// user their own; `alice` and `bob`. Returns the superuser's, alice's and bob's tokens and
    /// alice's id.
    func blog() throws -> (superuser: String, alice: String, bob: String, aliceID: String) {
        let superuser = try token("_superusers", "admin@example.com", "admin-password-123")
        let users = try #require(try send(.get, "/api/collections/users", token: superuser).1["id"]?.stringValue)
        let (tagsStatus, tags) = try send(
            .post, "/api/collections",
            json: [
                "name": "tags", "type": "base", "listRule": "", "viewRule": "",
                "fields": [["name": "name", "type": "text"]],
            ],
            token: superuser)
        #expect(tagsStatus == 200, "\(tags)")
        let (status, body) = try send(
            .post, "/api/collections",
            json: [
                "name": "posts", "type": "base", "listRule": "public = true",
                "viewRule": "public = true || owner = @request.auth.id", "createRule": "@request.auth.id != ''",
                "fields": [
                    ["name": "title", "type": "text"], ["name": "public", "type": "bool"],
                    ["name": "owner", "type": "relation", "collectionId": .string(users), "maxSelect": 1],
                    ["name": "tag", "type": "relation", "collectionId": tags["id"] ?? "", "maxSelect": 1],
                ],
            ], token: superuser)
        #expect(status == 200, "\(body)")
        var ids: [String] = []
        for name in ["alice", "bob"] {
            let (created, user) = try send(
                .post, "/api/collections/users/records",
                json: [
                    "email": .string("\(name)@example.com"), "password": "secret-password",
                    "passwordConfirm": "secret-password", "name": .string(name),
                ], token: superuser)
            #expect(created == 200, "\(user)")
            ids.append(try #require(user["id"]?.stringValue))
        }
        return (
            superuser, try token("users", "alice@example.com", "secret-password"),
            try token("users", "bob@example.com", "secret-password"), ids[0]
        )
    }

    func create(_ body: JSONValue, token: String) throws -> String {
        let (status, record) = try send(.post, "/api/collections/posts/records", json: body, token: token)
        #expect(status == 200, "\(record)")
        return try #require(record["id"]?.stringValue)
    }

    @Test("GET /api/realtime answers an event stream whose first event is PB_CONNECT with the client id")
    func connect() throws {
        let connection = try RealtimeConnection(self)
        #expect(connection.response.status == .ok)
        #expect(connection.response.headers[.contentType] == "text/event-stream")
        #expect(connection.response.headers[.cacheControl] == "no-store")
        #expect(connection.clientId.count == 40)
        #expect(connection.stream.idleTimeout == .seconds(300), "PocketBase's idle timeout")
        #expect(connection.stream.maxDuration == .seconds(1800))
        let framed = PocketBaseRealtimeMessage(name: "PB_CONNECT", data: Array("{}".utf8)).framed(clientId: "c1")
        #expect(String(decoding: framed, as: UTF8.self) == "id:c1\nevent:PB_CONNECT\ndata:{}\n\n")
    }

    @Test("create, update and delete events are named by the topic as written and carry action and record")
    func recordEvents() throws {
        let blog = try blog()
        let connection = try RealtimeConnection(self)
        #expect(try subscribe(connection, ["posts/*", "posts"]).0 == 204)
        let id = try create(["title": "hello", "public": true, "owner": .string(blog.aliceID)], token: blog.alice)
        let created = try connection.events()
        #expect(created.map(\.name).sorted() == ["posts", "posts/*"])
        #expect(created.allSatisfy { $0.id == connection.clientId })
        #expect(created[0].data["action"] == "create")
        #expect(created[0].data["record"]?["title"] == "hello")
        #expect(created[0].data["record"]?["collectionName"] == "posts")
        #expect(
            try send(.patch, "/api/collections/posts/records/\(id)", json: ["title": "hi"], token: blog.superuser).0
                == 200)
        let updated = try connection.events()
        #expect(updated.map { $0.data["action"] } == ["update", "update"])
        #expect(updated[0].data["record"]?["title"] == "hi")
        #expect(try send(.delete, "/api/collections/posts/records/\(id)", token: blog.superuser).0 == 204)
        let deleted = try connection.events()
        #expect(deleted.map { $0.data["action"] } == ["delete", "delete"])
        #expect(deleted[0].data["record"]?["id"] == .string(id))
    }

    @Test("the list rule filters `*` topics and the view rule record topics, per subscriber; superusers see all")
    func rules() throws {
        let blog = try blog()
        let guest = try RealtimeConnection(self)
        let alice = try RealtimeConnection(self)
        let bob = try RealtimeConnection(self)
        let superuser = try RealtimeConnection(self)
        #expect(try subscribe(guest, ["posts/*"]).0 == 204)
        #expect(try subscribe(bob, ["posts/*"], token: blog.bob).0 == 204)
        #expect(try subscribe(superuser, ["posts/*"], token: blog.superuser).0 == 204)
        let hidden = try create(["title": "draft", "public": false, "owner": .string(blog.aliceID)], token: blog.alice)
        #expect(try subscribe(alice, ["posts/*", "posts/\(hidden)"], token: blog.alice).0 == 204)
        #expect(try guest.events().isEmpty, "the list rule hides a private post")
        #expect(try bob.events().isEmpty)
        #expect(try superuser.events().map(\.name) == ["posts/*"])
        #expect(
            try send(
                .patch, "/api/collections/posts/records/\(hidden)", json: ["title": "draft 2"], token: blog.superuser
            ).0 == 200)
        #expect(try alice.events().map(\.name) == ["posts/\(hidden)"], "the view rule lets the owner see it")
        #expect(try guest.events().isEmpty)
        #expect(try superuser.events().count == 1)
        #expect(
            try send(.patch, "/api/collections/posts/records/\(hidden)", json: ["public": true], token: blog.superuser)
                .0 == 200)
        #expect(try guest.events().map(\.name) == ["posts/*"])
        #expect(try bob.events().map(\.name) == ["posts/*"])
        #expect(try alice.events().map(\.name).sorted() == ["posts/*", "posts/\(hidden)"])
    }

    @Test("expand, fields and filter options apply per subscription")
    func options() throws {
        let blog = try blog()
        let (_, tag) = try send(.post, "/api/collections/tags/records", json: ["name": "news"], token: blog.superuser)
        let connection = try RealtimeConnection(self)
        let expand = #"posts/*?options={"query":{"expand":"tag","fields":"id,title,expand.tag.name"}}"#
        let filter = #"posts/*?options={"query":{"filter":"title ~ 'second'"}}"#
        #expect(try subscribe(connection, [expand, filter]).0 == 204)
        let id = try create(["title": "first", "public": true, "tag": tag["id"] ?? ""], token: blog.alice)
        let first = try connection.events()
        #expect(first.map(\.name) == [expand])
        #expect(
            first.first?.data["record"] == ["id": .string(id), "title": "first", "expand": ["tag": ["name": "news"]]])
        _ = try create(["title": "second", "public": true], token: blog.alice)
        #expect(try connection.events().map(\.name).sorted() == [expand, filter].sorted())
    }

    @Test("rules read @request.headers.* from a request's headers and from a subscription's headers option")
    func headerRules() throws {
        let blog = try blog()
        let (status, body) = try send(
            .post, "/api/collections",
            json: [
                "name": "notes", "type": "base", "listRule": "@request.headers.x_team = 'blue'",
                "viewRule": "@request.headers.x_team = 'blue'", "fields": [["name": "text", "type": "text"]],
            ], token: blog.superuser)
        #expect(status == 200, "\(body)")
        let connection = try RealtimeConnection(self)
        let blue = #"notes/*?options={"headers":{"X-Team":"blue"}}"#
        let red = #"notes/*?options={"headers":{"X-Team":"red"}}"#
        #expect(try subscribe(connection, [blue, red]).0 == 204)
        _ = try send(.post, "/api/collections/notes/records", json: ["text": "hello"], token: blog.superuser)
        #expect(try connection.events().map(\.name) == [blue])
        var team = HTTPFields()
        team[HTTPField.Name("x-Team")!] = "blue"
        #expect(try send(.get, "/api/collections/notes/records", headers: team).1["totalItems"] == 1)
        #expect(try send(.get, "/api/collections/notes/records").1["totalItems"] == 0)
    }

    @Test("POST /api/realtime refuses as PocketBase does: form 400, unknown client 404, changed auth 403")
    func refusals() throws {
        let blog = try blog()
        let connection = try RealtimeConnection(self)
        let (missing, missingBody) = try send(.post, "/api/realtime", json: ["subscriptions": ["posts"]])
        #expect(missing == 400)
        #expect(missingBody["data"]?["clientId"]?["code"] == "validation_required")
        let long = String(repeating: "x", count: 2501)
        let (tooLong, tooLongBody) = try subscribe(connection, ["posts", long])
        #expect(tooLong == 400)
        #expect(tooLongBody["data"]?["subscriptions"]?["1"]?["code"] == "validation_length_too_long")
        let many = (0...1000).map { "t\($0)" }
        #expect(
            try subscribe(connection, many).1["data"]?["subscriptions"]?["message"]
                == "The length must be no more than 1000.")
        let (unknown, unknownBody) = try send(.post, "/api/realtime", json: ["clientId": "nope", "subscriptions": []])
        #expect(unknown == 404)
        #expect(unknownBody["message"] == "Missing or invalid client id.")
        #expect(try subscribe(connection, ["posts/*"]).0 == 204, "a guest binds as a guest")
        #expect(try subscribe(connection, ["posts/*"], token: blog.alice).0 == 204, "guest → auth is allowed")
        let (changed, changedBody) = try subscribe(connection, ["posts/*"], token: blog.bob)
        #expect(changed == 403)
        #expect(changedBody["message"] == "The current and the previous request authorization don't match.")
        #expect(try subscribe(connection, ["posts/*"]).0 == 403, "auth → guest is not")
    }

    @Test("a client whose stream ends is forgotten with its subscriptions")
    func disconnect() throws {
        let blog = try blog()
        let connection = try RealtimeConnection(self)
        #expect(try subscribe(connection, ["posts/*"]).0 == 204)
        connection.stream.cancel()
        #expect(dialect.realtimeClients.all.isEmpty)
        #expect(try subscribe(connection, ["posts/*"]).0 == 404)
        _ = try create(["title": "after", "public": true], token: blog.alice)
        #expect(try connection.events().isEmpty)
    }

    @Test("a client that stops reading is dropped when its bounded queue fills; the others go on")
    func slowClient() throws {
        let blog = try blog()
        let slow = try RealtimeConnection(self)
        let reader = try RealtimeConnection(self)
        #expect(try subscribe(slow, ["posts/*"]).0 == 204)
        #expect(try subscribe(reader, ["posts/*"]).0 == 204)
        let title = JSONValue.string(String(repeating: "x", count: 500))
        for _ in 0..<40 {
            _ = try create(["title": title, "public": true], token: blog.alice)
            #expect(try reader.events().count == 1)
        }
        #expect(slow.stream.ending == .overflowed)
        #expect(dialect.realtimeClients.client(id: slow.clientId) == nil)
        #expect(dialect.realtimeClients.client(id: reader.clientId) != nil)
    }

    @Test("a batch sends one event per write once it commits, checked against the committed state")
    func batch() throws {
        let blog = try blog()
        #expect(try send(.patch, "/api/settings", json: ["batch": ["enabled": true]], token: blog.superuser).0 == 200)
        let connection = try RealtimeConnection(self)
        #expect(try subscribe(connection, ["posts/*"]).0 == 204)
        let (status, body) = try send(
            .post, "/api/batch",
            json: [
                "requests": [
                    [
                        "method": "POST", "url": "/api/collections/posts/records",
                        "body": ["id": "batchpost000001", "title": "a", "public": true],
                    ],
                    [
                        "method": "PATCH", "url": "/api/collections/posts/records/batchpost000001",
                        "body": ["title": "b"],
                    ],
                ]
            ], token: blog.superuser)
        #expect(status == 200, "\(body)")
        let events = try connection.events()
        #expect(events.map { $0.data["action"] } == ["create", "update"])
        #expect(events.map { $0.data["record"]?["title"] } == ["a", "b"])
    }

    @Test("deleting an auth collection unbinds its records from their clients, which may bind again")
    func authCollectionDeleted() throws {
        let superuser = try token("_superusers", "admin@example.com", "admin-password-123")
        let (created, members) = try send(
            .post, "/api/collections", json: ["name": "members", "type": "auth", "listRule": "", "viewRule": ""],
            token: superuser)
        #expect(created == 200, "\(members)")
        let (added, _) = try send(
            .post, "/api/collections/members/records",
            json: ["email": "m@example.com", "password": "secret-password", "passwordConfirm": "secret-password"],
            token: superuser)
        #expect(added == 200)
        let member = try token("members", "m@example.com", "secret-password")
        let connection = try RealtimeConnection(self)
        #expect(try subscribe(connection, ["users/*"], token: member).0 == 204)
        #expect(try subscribe(connection, ["users/*"]).0 == 403)
        #expect(try send(.delete, "/api/collections/members", token: superuser).0 == 204)
        #expect(try subscribe(connection, ["users/*"]).0 == 204, "a guest again")
    }

    @Test("a reset ends every stream, as a restore from backup restarts PocketBase")
    func reset() throws {
        let connection = try RealtimeConnection(self)
        #expect(try subscribe(connection, ["posts/*"]).0 == 204)
        store.reset()
        #expect(connection.stream.ending == .finished)
        #expect(dialect.realtimeClients.all.isEmpty)
    }

    @Test(
        "subscription options parse as PocketBase reads them",
        arguments: [
            (#"posts?options={"query":{"expand":"tag","page":2},"headers":{"X-Token":"t"}}"#, "tag", "2", "x_token"),
            ("posts?options=%7B%22query%22%3A%7B%22expand%22%3A%22a%22%7D%7D", "a", nil, nil),
            ("posts?options=not-json", nil, nil, nil),
        ] as [(String, String?, String?, String?)])
    func subscriptionOptions(topic: String, expand: String?, page: String?, header: String?) {
        let subscription = PocketBaseSubscription(topic)
        #expect(subscription.option("expand") == expand)
        #expect(subscription.option("page") == page)
        #expect(subscription.headers.first?.name == header)
        #expect(subscription.matches("posts?"))
        #expect(!subscription.matches("posts/*?"))
    }
}
