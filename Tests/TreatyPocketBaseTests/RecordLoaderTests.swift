import Foundation
import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// `treaty serve --dialect pocketbase --fixtures DIR`: start-up records checked through the
/// dialect's field semantics, served with their ids.
@Suite struct RecordLoaderTests {
    /// A fresh directory holding `files` (name → text).
    func directory(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + "treaty-pb-records-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8) }
        return path
    }

    let collections = BlogSchema.collections.filter { !$0.system }

    @Test("valid records load with their ids and dates, and the dialect serves them")
    func loadsAndServes() throws {
        let dir = try directory([
            "users.json": #"[{"id": "u00000000000001", "email": "ann@example.com", "password": "secret-123", "verified": true}]"#,
            "tags.json": """
            [
              {"id": "t00000000000001", "name": "swift", "created": "2025-01-01 00:00:00.000Z"},
              {"id": "t00000000000002", "name": "go"}
            ]
            """,
            "posts.json": #"[{"id": "p00000000000001", "title": "Hello", "status": "live", "author": "u00000000000001", "tags": ["t00000000000002"], "views": "12"}]"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let loader = PocketBaseRecordLoader(collections: collections)
        let result = loader.load(directory: dir)
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer().render(result.diagnostics))")
        #expect(result.records["tags"]?.map { $0["id"] } == ["t00000000000001", "t00000000000002"])
        #expect(result.records["posts"]?.first?["views"] == 12)
        #expect(result.records["users"]?.first?["password"]?.stringValue?.hasPrefix("sha256$") == true)
        #expect(result.records["users"]?.first?["tokenKey"]?.stringValue?.count == 50)

        let dialect = PocketBaseDialect(configuration: .init(collections: collections))
        let store = RecordStore(contract: result.contract(collections: loader.collections), fixtures: result.fixtures)
        func get(_ target: String, body: JSONValue? = nil) throws -> (Int, JSONValue) {
            var headers = HTTPFields()
            if body != nil { headers[.contentType] = "application/json" }
            let response = dialect.respond(
                to: DialectRequest(
                    method: body == nil ? .get : .post, target: target, headers: headers,
                    body: body?.serializedBytes() ?? []),
                store: store)
            return (Int(response.status.code), try JSONParser().parse(response.body))
        }
        let (status, tag) = try get("/api/collections/tags/records/t00000000000001")
        #expect(status == 200)
        #expect(tag["created"] == "2025-01-01 00:00:00.000Z")
        let (_, list) = try get("/api/collections/tags/records?sort=-name")
        #expect(list["totalItems"] == 2)
        #expect(list["items"]?.arrayValue?.first?["name"] == "swift")
        let (authStatus, _) = try get(
            "/api/collections/users/auth-with-password", body: ["identity": "ann@example.com", "password": "secret-123"])
        #expect(authStatus == 200)
        // An admin-API reset returns to the loaded records.
        store.reset()
        #expect(try get("/api/collections/tags/records").1["totalItems"] == 2)
    }

    @Test("a bad record is a located error naming the record and field")
    func badRecord() throws {
        let dir = try directory([
            "tags.json": """
            [
              {"id": "t00000000000001", "name": "swift"},
              {"id": "t00000000000002", "name": "swift"},
              {"id": "BAD", "name": "xy"}
            ]
            """,
            "posts.json": #"[{"id": "p00000000000001", "title": "Hello", "status": "gone", "author": "nobody00000000"}]"#,
            "nope.json": "[]",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = PocketBaseRecordLoader(collections: collections).load(directory: dir)
        #expect(result.hasErrors)
        let rendered = DiagnosticRenderer().render(result.diagnostics)
        #expect(result.diagnostics.map(\.rule).contains("unknown-collection"))
        let tagErrors = result.diagnostics.filter { $0.location?.file.hasSuffix("tags.json") == true }
        #expect(tagErrors.map(\.location?.line) == [3, 4], "\(rendered)")
        #expect(tagErrors.first?.message.contains("record 1 (id t00000000000002) of 'tags': name:") == true)
        #expect(tagErrors.last?.message.contains("id:") == true)
        let postErrors = result.diagnostics.filter { $0.location?.file.hasSuffix("posts.json") == true }
        #expect(Set(postErrors.compactMap { $0.pointer?.description }) == ["/0/status", "/0/author"], "\(rendered)")
        #expect(result.records["tags"]?.count == 1)
    }
}
