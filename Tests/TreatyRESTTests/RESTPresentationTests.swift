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
    static func contract() throws -> Contract {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rs-\(UUID().uuidString).yaml").path
        try """
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
            """.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let loaded = ContractLoader(vocabulary: .treatyDialects).load(fileAt: file)
        return try #require(loaded.contract, "\(loaded.diagnostics)")
    }

    func send(_ dialect: RESTDialect, _ store: RecordStore, _ method: HTTPRequest.Method, _ target: String, _ body: JSONValue? = nil)
        -> (status: Int, json: JSONValue)
    {
        var headers = HTTPFields()
        if body != nil { headers[.contentType] = "application/json" }
        let response = dialect.respond(
            to: DialectRequest(method: method, target: target, headers: headers, body: body?.serializedBytes() ?? []),
            store: store)
        return (response.status.code, (try? JSONParser().parse(response.body)) ?? .null)
    }

    @Test("an unset non-nullable when_set key is left out of creates, reads and lists; a nullable one keeps its null")
    func omitsUnsetKeys() throws {
        let contract = try Self.contract()
        let dialect = RESTDialect(contract: contract)
        let store = RecordStore(contract: contract, fixtures: FixtureSet())
        let created = send(dialect, store, .post, "/notes", ["title": "first"])
        #expect(created.status == 201, "\(created.json)")
        let record = try #require(created.json.objectValue)
        #expect(record["position"] == nil)
        #expect(record["summary"] == .null && record["color"] == .null)
        let id = try #require(record["id"]?.stringValue)
        #expect(send(dialect, store, .get, "/notes/\(id)").json.objectValue?["position"] == nil)
        #expect(send(dialect, store, .get, "/notes").json.arrayValue?.first?.objectValue?["position"] == nil)
        let patched = send(dialect, store, .patch, "/notes/\(id)", ["position": 4])
        #expect(patched.json["position"] == 4)
        #expect(send(dialect, store, .get, "/notes").json.arrayValue?.first?["position"] == 4)
        #expect(try store.get("note", id: id)["position"] == 4)
    }
}
