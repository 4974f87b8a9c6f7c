import Foundation
import NIOHTTP1
import Testing
import TreatyJSON

/// rest-sync's `POST /sync/upload` (rest-sync.md §10) over real HTTP.
extension RESTOverHTTPTests {
    static let uploaded = "A0000000-0000-4000-8000-000000000009"

    static func uploadRequest(_ operations: [String]) -> TestRequest {
        TestRequest(
            .POST, "/sync/upload", headers: [("Content-Type", "application/json")],
            text: #"{"operations":[\#(operations.joined(separator: ","))]}"#)
    }

    static let newTask = #"""
        {"operation":"upsert","type":"tasks","id":"\#(uploaded)","updatedAt":"2025-02-01T08:00:00.000Z",
         "data":{"project_id":"\#(p1)","title":"Offline","state":"todo","author_id":"\#(u2)","position":5}}
        """#

    @Test("an upload answers per operation: applied, stale on an identical retry, rejected without an operation")
    func uploadOverHTTP() async throws {
        try await withDemo { url in
            let first = try await TestClient.send(
                Self.uploadRequest([
                    Self.newTask,
                    #"{"operation":"delete","type":"tasks","id":"\#(Self.t3)","updatedAt":"2025-01-01T08:00:00.000Z"}"#,
                    #"{"type":"tasks","id":"\#(Self.t1)","updatedAt":"2025-03-01T00:00:00.000Z","data":{}}"#,
                ]), to: url)
            #expect(first.status == 200)
            #expect(first.headers.first(name: "content-type") == "application/json")
            let results = try #require(try first.json()["results"]?.arrayValue)
            #expect(results.map { $0["status"] } == ["applied", "applied", "rejected"])
            #expect(results[0]["record"]?["updated_at"] == "2025-02-01T08:00:00.000Z")
            #expect(results[2]["code"] == "missing_field" && results[2]["field"] == "operation")
            let stored = try await TestClient.send(TestRequest(.GET, "\(Self.tasks)/\(Self.uploaded)"), to: url)
            #expect(stored.status == 200)
            #expect(try results[0]["record"] == stored.json())
            let gone = try await TestClient.send(TestRequest(.GET, "\(Self.tasks)/\(Self.t3)"), to: url)
            #expect(gone.status == 404)
            let retry = try await TestClient.send(Self.uploadRequest([Self.newTask]), to: url)
            let again = try #require(try retry.json()["results"]?.arrayValue)
            #expect(again.map { $0["status"] } == ["stale"])
            #expect(try again[0]["server"] == stored.json())
        }
    }

    @Test("concurrent uploads of one edit apply it exactly once; every other copy is stale")
    func concurrentUploads() async throws {
        try await withDemo { url in
            let edit =
                #"{"operation":"upsert","type":"tasks","id":"\#(Self.t1)","updatedAt":"2025-01-01T09:00:00.000Z","data":{"title":"Once","project_id":"\#(Self.p1)"}}"#
            let statuses = try await withThrowingTaskGroup(of: String?.self) { group in
                let connectTimeout = TestClient.connectTimeout(concurrent: 20)
                for _ in 0..<20 {
                    group.addTask {
                        let reply = try await TestClient.send(
                            Self.uploadRequest([edit]), to: url, connectTimeout: connectTimeout)
                        return try reply.json()["results"]?[0]?["status"]?.stringValue
                    }
                }
                var all: [String?] = []
                for try await status in group { all.append(status) }
                return all
            }
            #expect(statuses.filter { $0 == "applied" }.count == 1)
            #expect(statuses.filter { $0 == "stale" }.count == 19)
            let t1 = try await TestClient.send(TestRequest(.GET, "\(Self.tasks)/\(Self.t1)"), to: url)
            #expect(try t1.json()["title"] == "Once" && t1.json()["version"] == 14)
        }
    }

    @Test("PUT replaces the fields its endpoint writes, over HTTP")
    func putOverHTTP() async throws {
        try await withDemo { url in
            let reply = try await TestClient.send(
                TestRequest(
                    .PUT, "\(Self.tasks)/\(Self.t1)/watchers", headers: [("Content-Type", "application/json")],
                    text: "{}"),
                to: url)
            #expect(reply.status == 200)
            #expect(try reply.json()["watcher_ids"] == [])
            #expect(try reply.json()["title"] == "Add session timeout")
        }
    }
}
