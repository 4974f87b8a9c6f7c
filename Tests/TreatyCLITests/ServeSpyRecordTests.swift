import Foundation
import Testing
import TreatyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `treaty serve --spy URL --record`: the records of forwarded dialect reads join the store, so
/// the next read of them is simulated, and `POST /__treaty/export` writes them as fixtures —
/// secrets left out and the contract's `redact:` rules applied.
@Suite struct ServeSpyRecordTests {
    static func send(_ url: String, method: String = "GET") async throws -> (status: Int, body: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// The journal's entries of dialect requests, oldest first.
    static func journal(_ base: String) async throws -> [[String: Any]] {
        let data = Data(try await send(base + "/__treaty/requests").body.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["requests"] as? [[String: Any]])
    }

    @Test("a recording rest-sync spy keeps a forwarded task, redacted, answers it next and exports it as a fixture")
    func restSync() async throws {
        let live = try ServeProcess([
            "--contract", "Contracts/demo/contract.yaml", "--fixtures", "Fixtures/demo", "--port", "0",
        ])
        defer { live.stop() }
        let liveURL = try #require(live.url, "\(live.banner)")
        let directory = try TemporaryDirectory()
        let contract = try String(contentsOfFile: DemoFiles.contractPath, encoding: .utf8)
        try directory.write("contract.yaml", contract + "\nredact: { task.title: fake }\n")
        try FileManager.default.createDirectory(atPath: directory.path("fixtures"), withIntermediateDirectories: true)
        for resource in ["user", "project", "tag"] {
            try FileManager.default.copyItem(
                atPath: TreatyProcess.root + "/Fixtures/demo/\(resource).json",
                toPath: directory.path("fixtures/\(resource).json"))
        }
        let exported = directory.path("exported")
        let spy = try ServeProcess([
            "--contract", directory.path("contract.yaml"), "--fixtures", directory.path("fixtures"), "--port", "0",
            "--spy", liveURL, "--record", "--export-dir", exported,
        ])
        defer { spy.stop() }
        #expect(spy.banner.contains("forwarded records kept"), "\(spy.banner)")
        let spyURL = try #require(spy.url, "\(spy.banner)")
        let path = DemoID.task(DemoID.t1)

        let first = try await Self.send(spyURL + path)
        #expect(first.status == 200)
        #expect(first.body.contains("Add session timeout"), "the client gets the live answer unchanged")
        let second = try await Self.send(spyURL + path)
        #expect(second.status == 200)
        #expect(second.body.contains(DemoID.t1))
        #expect(!second.body.contains("Add session timeout"), "the kept record's title is faked: \(second.body)")
        let entries = try await Self.journal(spyURL)
        #expect(entries.map { $0["origin"] as? String } == ["forwarded", "simulated"])
        #expect(entries.first?["absorbed"] as? Int == 1)
        #expect(try await Self.journal(liveURL).count == 1, "the second read never reached the live backend")

        let export = try await Self.send(spyURL + "/__treaty/export", method: "POST")
        #expect(export.status == 200, "\(export.body)")
        let tasks = try String(contentsOfFile: exported + "/task.json", encoding: .utf8)
        #expect(tasks.contains(DemoID.t1))
        #expect(!tasks.contains("Add session timeout"))
        let check = try await TreatyProcess.run([
            "check", "--contract", directory.path("contract.yaml"), "--fixtures", exported,
        ])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    /// Spies on `liveURL` (a PocketBase serving the blog) with no fixtures, reads two records
    /// through it twice, and returns what the export wrote.
    static func spyOnBlog(_ liveURL: String) async throws {
        let directory = try TemporaryDirectory()
        let exported = directory.path("exported")
        let spy = try ServeProcess([
            "--contract", "Contracts/blog/contract.yaml", "--no-fixtures", "--port", "0", "--spy", liveURL, "--record",
            "--export-dir", exported,
        ])
        defer { spy.stop() }
        let spyURL = try #require(spy.url, "\(spy.banner)")
        let paths = ["/api/collections/posts/records/p1hellotreaty01", "/api/collections/tags/records/t1swiftswift001"]
        for path in paths {
            let direct = try await send(liveURL + path)
            let forwarded = try await send(spyURL + path)
            #expect(forwarded.status == 200 && forwarded.body == direct.body, "\(path): \(forwarded.body)")
            let simulated = try await send(spyURL + path)
            #expect(simulated.status == 200, "\(path): \(simulated.body)")
            #expect(
                try Self.object(simulated.body) == Self.object(direct.body),
                "\(path) is answered as the live backend did")
        }
        let entries = try await journal(spyURL)
        #expect(entries.map { $0["origin"] as? String } == ["forwarded", "simulated", "forwarded", "simulated"])
        let export = try await send(spyURL + "/__treaty/export", method: "POST")
        #expect(export.status == 200, "\(export.body)")
        let posts = try String(contentsOfFile: exported + "/posts.json", encoding: .utf8)
        #expect(posts.contains("p1hellotreaty01") && posts.contains("Hello, Treaty"))
        let tags = try String(contentsOfFile: exported + "/tags.json", encoding: .utf8)
        #expect(tags.contains("t1swiftswift001"))
        for (name, text) in try SecretLeakTests.files(under: exported) {
            #expect(!text.contains("tokenKey") && !text.contains("\"password\""), "\(name) holds a secret key")
        }
    }

    /// A JSON object as comparable Foundation values.
    static func object(_ text: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    @Test("a recording PocketBase spy in front of treaty serve keeps forwarded records and answers them next")
    func pocketBaseSimulated() async throws {
        let live = try ServeProcess([
            "--contract", "Contracts/blog/contract.yaml", "--fixtures", "Fixtures/blog", "--port", "0",
        ])
        defer { live.stop() }
        try await Self.spyOnBlog(try #require(live.url, "\(live.banner)"))
    }

    @Test(
        "a recording PocketBase spy in front of a real PocketBase keeps forwarded records and answers them as it did",
        .enabled(if: PocketBaseLiveVerifyTests.pocketBaseInstalled, "no `pocketbase` on PATH"))
    func pocketBaseReal() async throws {
        let server = try await PocketBaseRecordTests.seeded()
        defer { server.stop() }
        try await Self.spyOnBlog(server.url)
    }
}

extension ServeSpyRecordTests {
    static let lookup =
        "/database/1/iCloud.com.example.Gallery/development/public/records/lookup?ckAPIToken=gallery-api-token-0001"

    /// `POST` of `body` as JSON to `url`.
    static func post(_ url: String, _ body: String) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "a recording CloudKit spy forwards a lookup of a record it lacks, keeps it, and answers the next lookup itself"
    )
    func cloudKit() async throws {
        let live = try ServeProcess([
            "--contract", "Contracts/gallery/contract.yaml", "--fixtures", "Fixtures/gallery", "--port", "0",
        ])
        defer { live.stop() }
        let liveURL = try #require(live.url, "\(live.banner)")
        let directory = try TemporaryDirectory()
        let exported = directory.path("exported")
        let spy = try ServeProcess([
            "--contract", "Contracts/gallery/contract.yaml", "--no-fixtures", "--port", "0", "--spy", liveURL,
            "--record", "--export-dir", exported,
        ])
        defer { spy.stop() }
        let spyURL = try #require(spy.url, "\(spy.banner)")
        let body = #"{"records":[{"recordName":"ada-okafor"}]}"#
        let direct = try await Self.post(liveURL + Self.lookup, body)
        let forwarded = try await Self.post(spyURL + Self.lookup, body)
        #expect(forwarded.status == 200 && forwarded.body == direct.body, "\(forwarded.body)")
        let simulated = try await Self.post(spyURL + Self.lookup, body)
        #expect(!simulated.body.contains("NOT_FOUND"), "\(simulated.body)")
        let record = try #require((try Self.object(simulated.body)["records"] as? [NSDictionary])?.first)
        let original = try #require((try Self.object(direct.body)["records"] as? [NSDictionary])?.first)
        #expect(record["fields"] as? NSDictionary == original["fields"] as? NSDictionary)
        #expect(record["recordChangeTag"] as? String == original["recordChangeTag"] as? String)
        let entries = try await Self.journal(spyURL)
        #expect(entries.map { $0["origin"] as? String } == ["forwarded", "simulated"])
        #expect(entries.first?["absorbed"] as? Int == 1)
        let export = try await Self.send(spyURL + "/__treaty/export", method: "POST")
        #expect(export.status == 200, "\(export.body)")
        let files = try SecretLeakTests.files(under: exported)
        #expect(files.values.contains { $0.contains("ada-okafor") }, "\(files.keys)")
        #expect(!files.values.contains { $0.contains("gallery-api-token-0001") })
    }
}
