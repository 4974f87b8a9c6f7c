import Foundation
import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@testable import TreatyREST

/// rest-sync.md §4, RS-SH-1: where a contract says `shape: nested`, answers carry the related
/// records under the relation's name and writes upsert nested children by their id; the store
/// keeps foreign keys, and other endpoints still answer them.
@Suite("rest-sync serves and accepts nested relations")
struct RESTNestedRelationTests {
    static func contract() throws -> Contract {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rs-\(UUID().uuidString).yaml").path
        try """
            api: board
            dialect: rest-sync
            naming: snake_case
            defaults:
              create: client
              identity: { key: id, type: string }
            resources:
              user:
                fields:
                  display_name: { type: string, required: true }
              card:
                fields:
                  title:    { type: string, required: true }
                  owner:    { to: user, shape: nested, nullable: true }
                  watchers: { to: user, many: true }
            endpoints:
              - GET /users
              - { method: POST,  path: /users }
              - GET /cards
              - { method: GET,   path: "/cards/{id}" }
              - { method: GET,   path: "/flat/cards/{id}", resource: card, shapes: { owner: fk } }
              - { method: POST,  path: /cards }
              - { method: PATCH, path: "/cards/{id}", shapes: { watchers: nested } }
            """.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let loaded = ContractLoader(vocabulary: .treatyDialects).load(fileAt: file)
        return try #require(loaded.contract, "\(loaded.diagnostics)")
    }

    struct Server {
        let dialect: RESTDialect
        let store: RecordStore

        init() throws {
            let contract = try RESTNestedRelationTests.contract()
            dialect = RESTDialect(contract: contract)
            store = RecordStore(contract: contract, fixtures: FixtureSet())
        }

        func send(_ method: HTTPRequest.Method, _ target: String, _ body: JSONValue? = nil) -> (status: Int, json: JSONValue) {
            var headers = HTTPFields()
            if body != nil { headers[.contentType] = "application/json" }
            let response = dialect.respond(
                to: DialectRequest(method: method, target: target, headers: headers, body: body?.serializedBytes() ?? []),
                store: store)
            return (response.status.code, (try? JSONParser().parse(response.body)) ?? .null)
        }
    }

    static func stamped(_ members: JSONObject) -> JSONValue {
        var object = members
        object["created_at"] = "2025-01-01T00:00:00.000Z"
        object["updated_at"] = "2025-01-01T00:00:00.000Z"
        return .object(object)
    }

    static func user(_ id: String, _ name: String) -> JSONValue {
        stamped(["id": .string(id), "display_name": .string(name)])
    }

    static func card(_ id: String, _ extra: JSONObject) -> JSONValue {
        var object: JSONObject = ["id": .string(id), "title": "Plan"]
        for member in extra { object[member.key] = member.value }
        return stamped(object)
    }

    @Test("a nested relation is answered as the related record, in the place of its id; an fk endpoint answers the id")
    func answersNest() throws {
        let server = try Server()
        #expect(server.send(.post, "/users", Self.user("U1", "Ava")).status == 201)
        let created = server.send(.post, "/cards", Self.card("C1", ["owner_id": "U1"]))
        #expect(created.status == 201, "\(created.json)")
        let owner = try #require(created.json["owner"]?.objectValue, "\(created.json)")
        #expect(owner["id"] == "U1" && owner["display_name"] == "Ava")
        #expect(created.json["owner_id"] == nil)
        #expect(created.json.objectValue?.keys.firstIndex(of: "owner") == created.json.objectValue?.keys.firstIndex(of: "title").map { $0 + 1 })
        #expect(server.send(.get, "/cards").json.arrayValue?.first?["owner"]?["display_name"] == "Ava")
        #expect(server.send(.get, "/cards/C1").json["owner"]?["id"] == "U1")
        let flat = server.send(.get, "/flat/cards/C1").json
        #expect(flat["owner_id"] == "U1" && flat["owner"] == nil)
        #expect(try server.store.get("card", id: "C1")["owner_id"] == "U1")
    }

    @Test("a nested child is upserted by its id: created when new, changed where it differs, and the relation holds its id")
    func writesUpsert() throws {
        let server = try Server()
        let created = server.send(.post, "/cards", Self.card("C1", ["owner": Self.user("U7", "Noah")]))
        #expect(created.status == 201, "\(created.json)")
        #expect(created.json["owner"]?["display_name"] == "Noah")
        #expect(try server.store.get("user", id: "U7")["display_name"] == "Noah")
        let renamed = server.send(.patch, "/cards/C1", ["owner": ["id": "U7", "display_name": "Noah B."]])
        #expect(renamed.status == 200, "\(renamed.json)")
        #expect(try server.store.get("user", id: "U7")["display_name"] == "Noah B.")
        let watched = server.send(.patch, "/cards/C1", ["watchers": [Self.user("U8", "Mia"), ["id": "U7"]]])
        #expect(watched.status == 200, "\(watched.json)")
        #expect(watched.json["watchers"]?.arrayValue?.compactMap { $0["display_name"]?.stringValue } == ["Noah B.", "Mia"])
        #expect(try server.store.get("card", id: "C1")["watcher_ids"] == ["U7", "U8"])
        let cleared = server.send(.patch, "/cards/C1", ["owner": .null, "watchers": .null])
        #expect(cleared.json["owner"] == .null && cleared.json["watchers"] == [])
        #expect(try server.store.list("user").records.count == 2, "clearing a relation leaves the children")
    }

    @Test("a refused nested write changes nothing: no child is left behind, and the error names the nested key")
    func refusedWritesLeaveNothing() throws {
        let server = try Server()
        let missingID = server.send(.post, "/cards", Self.card("C1", ["owner": ["display_name": "Ava"]]))
        #expect(missingID.status == 422)
        #expect(missingID.json["error"]?["field"] == "owner")
        let refusedParent = server.send(.post, "/cards", .object(["id": "C2", "owner": Self.user("U9", "Eve")]))
        #expect(refusedParent.status == 422, "a card without title and timestamps is refused")
        #expect((try? server.store.get("user", id: "U9")) == nil, "the nested child of a refused write is not kept")
        let badChild = server.send(.post, "/cards", Self.card("C3", ["owner": ["id": "U5", "display_name": 5]]))
        #expect(badChild.status == 422)
        #expect(badChild.json["error"]?["field"] == "owner.display_name", "\(badChild.json)")
        let notAnObject = server.send(.post, "/cards", Self.card("C4", ["owner": "U1"]))
        #expect(notAnObject.status == 422)
        #expect(notAnObject.json["error"]?["message"]?.stringValue?.contains("a nested record or null") == true)
    }
}
