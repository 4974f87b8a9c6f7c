import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@testable import TreatyREST

/// rest-sync.md §10: `POST /sync/upload`, per-operation results, last writer wins on `updatedAt`.
@Suite struct RESTUploadTests {
    let server = DemoServer()

    /// Sends one upload and returns the reply with its `results`.
    func upload(_ operations: [JSONValue]) throws -> (reply: DemoServer.Reply, results: [JSONValue]) {
        let reply = server.send(.post, "/sync/upload", ["operations": .array(operations)])
        let results = try #require(
            reply.json?["results"]?.arrayValue, "\(String(decoding: reply.bytes, as: UTF8.self))")
        #expect(results.count == operations.count)
        return (reply, results)
    }

    static func upsert(_ id: String, at time: String, _ data: JSONObject, type: String = "tasks") -> JSONValue {
        [
            "operation": "upsert", "type": .string(type), "id": .string(id), "updatedAt": .string(time),
            "data": .object(data),
        ]
    }

    static func delete(_ id: String, at time: String) -> JSONValue {
        ["operation": "delete", "type": "tasks", "id": .string(id), "updatedAt": .string(time)]
    }

    /// A new task's data for an upsert: snake_case, with the parent key, without timestamps.
    static func data(title: String = "Offline draft") -> JSONObject {
        var body = newTask()
        body["id"] = nil
        body["created_at"] = nil
        body["updated_at"] = nil
        body["title"] = .string(title)
        body["project_id"] = .string(DemoID.p1)
        return body
    }

    static let new = "A0000000-0000-4000-8000-000000000009"

    @Test("an upsert of a new id creates it; the answer is one applied result carrying the stored record")
    func createAndShape() throws {
        let (reply, results) = try upload([Self.upsert(Self.new, at: "2025-02-01T08:00:00Z", Self.data())])
        #expect(reply.status == 200)
        #expect(reply.headers[.contentType] == "application/json")
        let stored = try #require(server.send(.get, DemoID.task(Self.new)).json)
        #expect(
            stored["updated_at"] == "2025-02-01T08:00:00.000Z" && stored["created_at"] == "2025-02-01T08:00:00.000Z")
        #expect(stored["version"] == 14 && stored["title"] == "Offline draft")
        let expected: JSONValue = [
            "operation": "upsert", "type": "tasks", "id": .string(Self.new), "status": "applied", "record": stored,
        ]
        #expect(results == [expected])
        #expect(reply.bytes == (["results": [expected]] as JSONValue).serializedBytes())
    }

    @Test("ties lose: an identical retry is stale with the server row, not a duplicate")
    func identicalRetry() throws {
        let operation = Self.upsert(Self.new, at: "2025-02-01T08:00:00.000Z", Self.data())
        _ = try upload([operation])
        let (_, results) = try upload([operation])
        let stored = try #require(server.send(.get, DemoID.task(Self.new)).json)
        #expect(results[0]["status"] == "stale")
        #expect(results[0]["server"] == stored)
        #expect(results[0]["record"] == nil)
        #expect(server.send(.get, DemoID.tasksP1).json?.arrayValue?.count == 4)
        #expect(server.store.currentVersion == 14)
    }

    @Test("last writer wins on updatedAt: older is stale, newer patches like a PATCH")
    func lastWriterWins() throws {
        let t1 = try #require(server.send(.get, DemoID.task(DemoID.t1)).json)
        let (_, results) = try upload([
            Self.upsert(DemoID.t1, at: "2025-01-01T04:00:00.000Z", ["title": "Older", "project_id": .string(DemoID.p1)]),
            Self.upsert(DemoID.t1, at: "2025-01-01T09:00:00.000Z", ["title": "Newer", "project_id": .string(DemoID.p1)]),
        ])
        #expect(results[0]["status"] == "stale" && results[0]["server"] == t1)
        #expect(results[1]["status"] == "applied")
        let after = try #require(server.send(.get, DemoID.task(DemoID.t1)).json)
        #expect(after["title"] == "Newer" && after["watcher_ids"] == t1["watcher_ids"])
        #expect(after["updated_at"] == "2025-01-01T10:00:00.001Z" && after["version"] == 14)
        #expect(results[1]["record"] == after)
    }

    @Test("a newer upsert revives a tombstone; deleting an absent id is applied")
    func tombstones() throws {
        let (_, results) = try upload([
            Self.upsert(DemoID.t5, at: "2025-01-01T09:59:59.000Z", ["title": "Too old", "project_id": .string(DemoID.p1)]),
            Self.upsert(DemoID.t5, at: "2025-01-02T00:00:00.000Z", ["title": "Revived", "project_id": .string(DemoID.p1)]),
            Self.delete("00000000-0000-4000-8000-00000000dead", at: "2025-01-02T00:00:00.000Z"),
            Self.delete(DemoID.t2, at: "2025-01-02T00:00:00.000Z"),
            Self.delete(DemoID.t2, at: "2025-01-02T00:00:00.000Z"),
        ])
        #expect(results.map { $0["status"] } == ["stale", "applied", "applied", "applied", "applied"])
        #expect(results[0]["server"]?["deleted_at"] == "2025-01-01T10:00:00.000Z")
        #expect(results[2]["record"] == .null)
        let revived = try #require(server.send(.get, DemoID.task(DemoID.t5)).json)
        #expect(revived["title"] == "Revived" && revived["deleted_at"] == .null && results[1]["record"] == revived)
        #expect(server.send(.get, DemoID.task(DemoID.t2)).status == 404)
        #expect(results[3]["record"]?["deleted_at"] == "2025-01-01T10:00:00.002Z")
        #expect(results[4]["record"] == results[3]["record"])
        let feed = try #require(server.send(.get, DemoID.tasksP1 + "?since_version=13").json?.arrayValue)
        #expect(feed.map { $0["id"]?.stringValue } == [DemoID.t5, DemoID.t2])
    }

    @Test(
        "a bad operation is rejected on its own; the others still apply",
        arguments: [
            (
                ["type": "tasks", "id": "X", "updatedAt": "2025-02-01T00:00:00.000Z", "data": [:]], "missing_field",
                "operation"
            ),
            (
                ["operation": "remove", "type": "tasks", "id": "X", "updatedAt": "2025-02-01T00:00:00.000Z"],
                "invalid_value", "operation"
            ),
            (
                ["operation": "upsert", "id": "X", "updatedAt": "2025-02-01T00:00:00.000Z", "data": [:]],
                "missing_field", "type"
            ),
            (
                ["operation": "delete", "type": "taks", "id": "X", "updatedAt": "2025-02-01T00:00:00.000Z"],
                "invalid_value", "type"
            ),
            (["operation": "delete", "type": "tasks", "updatedAt": "2025-02-01T00:00:00.000Z"], "missing_field", "id"),
            (
                ["operation": "delete", "type": "tasks", "id": "X", "updated_at": "2025-02-01T00:00:00.000Z"],
                "missing_field", "updatedAt"
            ),
            (
                ["operation": "delete", "type": "tasks", "id": "X", "updatedAt": "yesterday"], "invalid_value",
                "updatedAt"
            ),
            (
                ["operation": "upsert", "type": "tasks", "id": .string(new), "updatedAt": "2025-02-01T00:00:00.000Z"],
                "missing_field", "data"
            ),
            (
                [
                    "operation": "upsert", "type": "tasks", "id": .string(new), "updatedAt": "2025-02-01T00:00:00.000Z",
                    "data": ["title": "x"],
                ], "missing_field", "project_id"
            ),
            (
                upsert(new, at: "2025-02-01T00:00:00.000Z", data(title: " ")).objectValue ?? [:], "invalid_value",
                "title"
            ),
            (
                upsert(
                    DemoID.t1, at: "2026-01-01T00:00:00.000Z", ["author_id": .string(DemoID.u1), "project_id": .string(DemoID.p1)]
                ).objectValue ?? [:],
                "immutable_field", "author_id"
            ),
            (
                upsert(new, at: "2025-02-01T00:00:00.000Z", ["updatedAt": "x", "project_id": .string(DemoID.p1)])
                    .objectValue ?? [:],
                "invalid_value", "updatedAt"
            ),
        ] as [(JSONObject, String, String)])
    func rejected(operation: JSONObject, code: String, field: String) throws {
        let before = server.store.dumpText()
        let good = Self.upsert(
            DemoID.t2, at: "2025-01-02T00:00:00.000Z", ["title": "Still applied", "project_id": .string(DemoID.p1)])
        let (_, results) = try upload([.object(operation), good])
        #expect(results[0]["status"] == "rejected")
        #expect(results[0]["code"] == .string(code))
        #expect(results[0]["field"] == .string(field))
        #expect(results[0]["message"]?.stringValue?.isEmpty == false)
        #expect(results[0]["operation"] == operation["operation"] ?? .null)
        #expect(results[1]["status"] == "applied")
        #expect(server.send(.get, DemoID.task(DemoID.t2)).json?["title"] == "Still applied")
        #expect(before != server.store.dumpText())
        #expect(server.store.currentVersion == 14)
    }

    @Test("operations apply in order: a project uploaded first can parent a task uploaded after it")
    func order() throws {
        let project = "B0000000-0000-4000-8000-000000000001"
        var task = Self.data()
        task["project_id"] = .string(project)
        let (_, results) = try upload([
            Self.upsert(project, at: "2025-02-01T00:00:00.000Z", ["name": "Launch"], type: "projects"),
            Self.upsert(Self.new, at: "2025-02-01T00:00:01.000Z", task),
        ])
        #expect(results.map { $0["status"] } == ["applied", "applied"])
        #expect(server.send(.get, "/projects/\(project)/tasks").json?.arrayValue?.count == 1)
    }

    @Test(
        "a body that is not an upload is refused whole",
        arguments: [
            ("[]", 422, "invalid_value"), ("{}", 422, "missing_field"), (#"{"operations":{}}"#, 422, "invalid_value"),
            ("{", 400, "malformed_json"),
        ])
    func badEnvelopes(body: String, status: Int, code: String) {
        let reply = server.send(.post, "/sync/upload", raw: body)
        #expect(reply.status == status && reply.errorCode == code)
        #expect(server.send(.get, "/sync/upload").status == 405)
    }

    @Test("an empty upload answers an empty result list")
    func emptyUpload() throws {
        #expect(try upload([]).results == [])
    }

    @Test("without a sync_upload endpoint in the contract there is no /sync/upload")
    func undeclared() {
        var contract = DemoFiles.contract
        contract.endpoints.removeAll { $0.kind == .syncUpload }
        let request = DialectRequest(
            method: .post, target: "/sync/upload", headers: [.contentType: "application/json"],
            body: Array(#"{"operations":[]}"#.utf8))
        let response = RESTDialect(contract: contract).respond(to: request, store: server.store)
        #expect(response.status == .notFound)
    }
}

extension RecordStore {
    /// Every table as one JSON text, to compare whole-store states.
    func dumpText() -> String {
        ["user", "project", "tag", "task"].map { JSONValue.array((dump($0) ?? []).map(JSONValue.object)).serialized() }
            .joined(separator: "\n")
    }
}
