import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// The dialect's state lives in the store: snapshots and restores bring collections, settings
/// and files back with the records, and a dialect made afresh on the same store (as after a
/// restart) serves the same collections and accepts the same tokens.
@Suite struct PocketBaseStateStorageTests {
    let files = PocketBaseDialectFilesTests()

    @Test("a restored snapshot brings back the collections and settings it was taken with")
    func snapshotRestore() throws {
        let token = try files.setUp()
        files.store.snapshot(named: "two")
        #expect(files.send(.delete, "/api/collections/secrets", token: token).status == .noContent)
        #expect(files.send(.patch, "/api/settings", json: ["batch": ["enabled": true]], token: token).status == .ok)
        #expect(files.send(.get, "/api/collections/secrets", token: token).status == .notFound)
        files.store.restore(named: "two")
        #expect(files.send(.get, "/api/collections/secrets", token: token).status == .ok)
        let settings = try files.json(files.send(.get, "/api/settings", token: token))
        #expect(settings["batch"]?["enabled"] == false)
    }

    @Test("a fresh dialect on the same store knows the collections, the files and the tokens issued before")
    func freshDialect() throws {
        let token = try files.setUp()
        let created = files.send(
            .post, "/api/collections/docs/records", form: [("title", "kept")], files: [("cover", "a.txt", [0x61])])
        let record = try files.json(created)
        let id = try #require(record["id"]?.stringValue)
        let name = try #require(record["cover"]?.stringValue)
        let restarted = PocketBaseDialect()
        func send(_ target: String) -> DialectResponse {
            var headers = HTTPFields()
            headers[.authorization] = token
            return restarted.respond(
                to: DialectRequest(method: .get, target: target, headers: headers, body: []), store: files.store)
        }
        #expect(send("/api/collections/docs").status == .ok)
        #expect(send("/api/files/docs/\(id)/\(name)").body == [0x61])
        #expect(send("/api/collections/_superusers/records").status == .ok)
        let superusers = try JSONParser().parse(send("/api/collections/_superusers/records").body)
        #expect(superusers["totalItems"] == 1)
    }
}
