import Foundation
import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@testable import TreatyREST

/// A field declared `emit: when_set` and not nullable has no valid `null`: answers leave its key
/// out until it has a value, while the store keeps every declared key.
@Suite("rest-sync answers leave out unset when_set keys")
struct RESTPresentationTests {
    static func server() throws -> DemoServer {
        let contract = try DemoServer.contract(
            yaml: """
                api: notes
                dialect: rest-sync
                naming: snake_case
                defaults:
                  create: server
                  identity: { key: id, type: string }
                resources:
                  note:
                    fields:
                      title:    { type: string, required: true }
                      position: { type: int, emit: when_set }
                      summary:  { type: string, nullable: true, emit: when_set }
                      color:    { type: string, emit: always, nullable: true }
                endpoints:
                  - GET /notes
                  - { method: GET,   path: "/notes/{id}" }
                  - { method: POST,  path: /notes }
                  - { method: PATCH, path: "/notes/{id}" }
                """)
        return DemoServer(contract: contract, fixtures: FixtureSet())
    }

    @Test("an unset non-nullable when_set key is left out of creates, reads and lists; a nullable one keeps its null")
    func omitsUnsetKeys() throws {
        let server = try Self.server()
        let created = server.send(.post, "/notes", ["title": "first"])
        #expect(created.status == 201, "\(created.json ?? .null)")
        let record = try #require(created.json?.objectValue)
        #expect(record["position"] == nil)
        #expect(record["summary"] == .null && record["color"] == .null)
        let id = try #require(record["id"]?.stringValue)
        #expect(server.send(.get, "/notes/\(id)").json?.objectValue?["position"] == nil)
        #expect(server.send(.get, "/notes").json?.arrayValue?.first?.objectValue?["position"] == nil)
        let patched = server.send(.patch, "/notes/\(id)", ["position": 4])
        #expect(patched.json?["position"] == 4)
        #expect(server.send(.get, "/notes").json?.arrayValue?.first?["position"] == 4)
        #expect(try server.store.get("note", id: id)["position"] == 4)
    }
}
