import Foundation
import Testing
import TreatyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `treaty record` from a real PocketBase 0.40 seeded with the blog fixtures: served again by
/// `treaty serve`, the recording answers the collections' list reads as the real server does,
/// and recorded users log in with `--auth-password`.
@Suite(.serialized) struct PocketBaseRecordTests {
    static let collections = ["users", "tags", "posts", "comments"]
    static let password = "alice-password-123"

    /// The real server seeded with `Fixtures/blog` (ids kept; times are the server's).
    static func seeded() async throws -> RealPocketBase {
        let server = try await RealPocketBase.start()
        try await server.importSchema(TreatyProcess.root + "/Contracts/blog/pb_schema.json")
        for collection in collections {
            let data = try Data(contentsOf: URL(fileURLWithPath: TreatyProcess.root + "/Fixtures/blog/\(collection).json"))
            let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            for var record in records {
                record["created"] = nil
                record["updated"] = nil
                if collection == "users" {
                    record["password"] = password
                    record["passwordConfirm"] = password
                }
                let status = try await server.create(collection, record)
                #expect(status == 200, "seeding \(collection) \(record["id"] ?? "?") answered \(status)")
            }
        }
        return server
    }

    /// The items of a list answer, as comparable JSON.
    static func items(_ data: Data) throws -> NSArray {
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["items"] as? NSArray)
    }

    @Test(
        "a recording of a real PocketBase answers every collection's list as the real server, and its users log in",
        .enabled(if: PocketBaseLiveVerifyTests.pocketBaseInstalled, "no `pocketbase` on PATH"))
    func recordsRealServer() async throws {
        let server = try await Self.seeded()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        let out = directory.path("recorded")
        let recorded = try await TreatyProcess.run(
            [
                "record", "--contract", "Contracts/blog/contract.yaml", "--target", server.url, "--out", out,
                "--auth-password", Self.password,
            ], environment: ["TREATY_PB_SUPERUSER": "\(server.email):\(server.password)"])
        #expect(recorded.status == 0, "\(recorded.standardError)")
        #expect(recorded.standardOutput.hasPrefix("treaty: recorded 6 records of 4 resources"), "\(recorded.standardOutput)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["comments.json", "posts.json", "tags.json", "users.json"])
        for (name, text) in try SecretLeakTests.files(under: out) {
            #expect(!text.contains(server.password), "\(name) holds the superuser's password")
            #expect(!text.contains(#""tokenKey": ""#), "\(name) holds a token key")
        }

        let replay = try ServeProcess(["--contract", "Contracts/blog/contract.yaml", "--fixtures", out, "--port", "0"])
        defer { replay.stop() }
        let base = try #require(replay.url, "\(replay.banner)")
        let token = try await Self.superuserToken(base)
        for collection in Self.collections {
            let path = "/api/collections/\(collection)/records?perPage=100&sort=id"
            let real = try Self.items(try await server.get(path))
            let served = try Self.items(try await Self.get(base + path, token: token))
            #expect(real.count > 0)
            #expect(served == real, "GET \(path) answers differently from the real server:\nreal \(real)\nserved \(served)")
        }
        let login = try await Self.post(
            base + "/api/collections/users/auth-with-password",
            ["identity": "alice@example.com", "password": Self.password])
        #expect(login == 200, "a recorded user logs in with --auth-password")
    }

    static func superuserToken(_ base: String) async throws -> String {
        var request = URLRequest(url: try #require(URL(string: base + "/api/collections/_superusers/auth-with-password")))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: ["identity": "admin@example.com", "password": "admin-password-123"])
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, _) = try await URLSession.shared.data(for: request)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["token"] as? String)
    }

    static func get(_ url: String, token: String) async throws -> Data {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.setValue(token, forHTTPHeaderField: "Authorization")
        return try await URLSession.shared.data(for: request).0
    }

    static func post(_ url: String, _ body: [String: String]) async throws -> Int {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return (try await URLSession.shared.data(for: request).1 as? HTTPURLResponse)?.statusCode ?? 0
    }
}
