import Foundation
import Testing
import TreatyTestSupport

extension PersistTests {
    static let gallery = "/database/1/iCloud.com.example.Gallery/development/private/records/"
    static let galleryAuth = "?ckAPIToken=gallery-api-token-0001&ckWebAuthToken=gallery-web-token-curator"

    /// Creates an Artist whose record name the server chooses; returns the name.
    static func createArtist(_ name: String, at url: String) async throws -> String {
        let created = try await SecretLeakTests.send(
            "POST", url + gallery + "modify" + galleryAuth, headers: ["Content-Type": "application/json"],
            body: #"{"operations":[{"operationType":"create","record":{"recordType":"Artist","fields":{"name":{"value":"\#(name)"}}}}]}"#)
        #expect(created.status == 200, "\(created.body)")
        let answer = try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any]
        let record = (answer?["records"] as? [[String: Any]])?.first
        return try #require(record?["recordName"] as? String, "\(created.body)")
    }

    @Test("CloudKit: records with server-chosen names survive a SIGKILL, and the restarted server never reuses a name")
    func cloudKitAcrossRestart() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["--contract", "Contracts/gallery/", "--port", "0", "--persist", directory]
        let first = try ServeProcess(arguments)
        let before = try await Self.createArtist("Before the crash", at: try #require(first.url))
        first.stop(SIGKILL)
        let second = try ServeProcess(arguments)
        defer { second.stop(SIGTERM) }
        let url = try #require(second.url, "\(second.banner)")
        let after = try await Self.createArtist("After the restart", at: url)
        #expect(after != before, "the restarted server handed out \(before) again")
        let lookup = try await SecretLeakTests.send(
            "POST", url + Self.gallery + "lookup" + Self.galleryAuth, headers: ["Content-Type": "application/json"],
            body: #"{"records":[{"recordName":"\#(before)"},{"recordName":"\#(after)"}]}"#)
        #expect(lookup.status == 200, "\(lookup.body)")
        #expect(lookup.body.contains("Before the crash") && lookup.body.contains("After the restart"), "\(lookup.body)")
    }

    @Test("CloudKit: export fixtures writes the persisted records as fixtures that check accepts and serve reads back")
    func cloudKitExport() async throws {
        let directory = Self.directory()
        let out = directory + "-fixtures"
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: out)
        }
        let persisted = try ServeProcess(["--contract", "Contracts/gallery/", "--port", "0", "--persist", directory])
        let name = try await Self.createArtist("Exported", at: try #require(persisted.url, "\(persisted.banner)"))
        let export = try await TreatyProcess.run(
            ["export", "fixtures", "--contract", "Contracts/gallery/", "--persist", directory, "--out", out])
        persisted.stop(SIGTERM)
        #expect(export.status == 0, "\(export.standardError)")
        let fixtureCheck = try await TreatyProcess.run(["check", "--contract", "Contracts/gallery/", "--fixtures", out])
        #expect(fixtureCheck.status == 0, "\(fixtureCheck.standardOutput)")
        for type in ["Artist", "Artwork"] {
            let check = try await TreatyProcess.run(
                ["check", "--contract", "Contracts/gallery/", "--resource", type, out + "/\(type).json"])
            #expect(check.status == 0, "\(type): \(check.standardOutput)")
        }
        let served = try ServeProcess(["--contract", "Contracts/gallery/", "--port", "0", "--fixtures", out])
        defer { served.stop(SIGTERM) }
        let lookup = try await SecretLeakTests.send(
            "POST", try #require(served.url) + Self.gallery + "lookup" + Self.galleryAuth,
            headers: ["Content-Type": "application/json"], body: #"{"records":[{"recordName":"\#(name)"}]}"#)
        #expect(lookup.status == 200 && lookup.body.contains("Exported"), "\(lookup.body)")
    }
}
