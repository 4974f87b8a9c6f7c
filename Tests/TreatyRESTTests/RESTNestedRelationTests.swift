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
    static func server() throws -> DemoServer {
        try server(
            endpoints: """
                - GET /users
                - { method: POST,  path: /users }
                - GET /cards
                - { method: GET,   path: "/cards/{id}" }
                - { method: GET,   path: "/flat/cards/{id}", resource: card, shapes: { owner: fk } }
                - { method: POST,  path: /cards }
                - { method: PATCH, path: "/cards/{id}", shapes: { watchers: nested } }
                """)
    }

    /// A server for the board contract (users; cards with a nested owner and watchers), with
    /// `endpoints` (YAML list items) as its endpoints and no fixtures.
    static func server(endpoints: String) throws -> DemoServer {
        let indented = endpoints.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        let contract = try DemoServer.contract(
            yaml: """
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
                \(indented)
                """)
        return DemoServer(contract: contract, fixtures: FixtureSet())
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
        let server = try Self.server()
        #expect(server.send(.post, "/users", Self.user("U1", "Ava")).status == 201)
        let created = server.send(.post, "/cards", Self.card("C1", ["owner_id": "U1"]))
        #expect(created.status == 201, "\(created.json ?? .null)")
        let owner = try #require(created.json?["owner"]?.objectValue, "\(created.json ?? .null)")
        #expect(owner["id"] == "U1" && owner["display_name"] == "Ava")
        #expect(created.json?["owner_id"] == nil)
        #expect(created.json?.objectValue?.keys.firstIndex(of: "owner") == created.json?.objectValue?.keys.firstIndex(of: "title").map { $0 + 1 })
        #expect(server.send(.get, "/cards").json?.arrayValue?.first?["owner"]?["display_name"] == "Ava")
        #expect(server.send(.get, "/cards/C1").json?["owner"]?["id"] == "U1")
        let flat = try #require(server.send(.get, "/flat/cards/C1").json)
        #expect(flat["owner_id"] == "U1" && flat["owner"] == nil)
        #expect(try server.store.get("card", id: "C1")["owner_id"] == "U1")
    }

    @Test("a nested child is upserted by its id: created when new, changed where it differs, and the relation holds its id")
    func writesUpsert() throws {
        let server = try Self.server()
        let created = server.send(.post, "/cards", Self.card("C1", ["owner": Self.user("U7", "Noah")]))
        #expect(created.status == 201, "\(created.json ?? .null)")
        #expect(created.json?["owner"]?["display_name"] == "Noah")
        #expect(try server.store.get("user", id: "U7")["display_name"] == "Noah")
        let renamed = server.send(.patch, "/cards/C1", ["owner": ["id": "U7", "display_name": "Noah B."]])
        #expect(renamed.status == 200, "\(renamed.json ?? .null)")
        #expect(try server.store.get("user", id: "U7")["display_name"] == "Noah B.")
        let watched = server.send(.patch, "/cards/C1", ["watchers": [Self.user("U8", "Mia"), ["id": "U7"]]])
        #expect(watched.status == 200, "\(watched.json ?? .null)")
        #expect(watched.json?["watchers"]?.arrayValue?.compactMap { $0["display_name"]?.stringValue } == ["Noah B.", "Mia"])
        #expect(try server.store.get("card", id: "C1")["watcher_ids"] == ["U7", "U8"])
        let cleared = server.send(.patch, "/cards/C1", ["owner": .null, "watchers": .null])
        #expect(cleared.json?["owner"] == .null && cleared.json?["watchers"] == [])
        #expect(try server.store.list("user").records.count == 2, "clearing a relation leaves the children")
    }

    @Test("a refused nested write changes nothing: no child is left behind, and the error names the nested key")
    func refusedWritesLeaveNothing() throws {
        let server = try Self.server()
        let missingID = server.send(.post, "/cards", Self.card("C1", ["owner": ["display_name": "Ava"]]))
        #expect(missingID.status == 422)
        #expect(missingID.json?["error"]?["field"] == "owner")
        let refusedParent = server.send(.post, "/cards", .object(["id": "C2", "owner": Self.user("U9", "Eve")]))
        #expect(refusedParent.status == 422, "a card without title and timestamps is refused")
        #expect((try? server.store.get("user", id: "U9")) == nil, "the nested child of a refused write is not kept")
        let badChild = server.send(.post, "/cards", Self.card("C3", ["owner": ["id": "U5", "display_name": 5]]))
        #expect(badChild.status == 422)
        #expect(badChild.json?["error"]?["field"] == "owner.display_name", "\(badChild.json ?? .null)")
        let notAnObject = server.send(.post, "/cards", Self.card("C4", ["owner": "U1"]))
        #expect(notAnObject.status == 422)
        #expect(notAnObject.json?["error"]?["message"]?.stringValue?.contains("a nested record or null") == true)
    }
}
