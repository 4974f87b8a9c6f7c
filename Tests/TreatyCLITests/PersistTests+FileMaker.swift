import Foundation
import Testing
import TreatyTestSupport

extension PersistTests {
    static let music = "/fmi/data/vLatest/databases/Music"

    @Test("FileMaker: a session token, its globals and the records it made survive a SIGKILL and restart")
    func fileMakerAcrossRestart() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["--contract", "Contracts/music/", "--port", "0", "--persist", directory]
        let first = try ServeProcess(arguments)
        let url = try #require(first.url, "\(first.banner)") + Self.music
        let basic = Data("admin:admin-password-123".utf8).base64EncodedString()
        let login = try await SecretLeakTests.send(
            "POST", url + "/sessions", headers: ["Authorization": "Basic \(basic)", "Content-Type": "application/json"],
            body: "{}")
        #expect(login.status == 200, "\(login.body)")
        let token = try #require(
            login.headers.first { $0.key.lowercased() == "x-fm-data-access-token" }?.value, "\(login.headers)")
        let bearer = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let created = try await SecretLeakTests.send(
            "POST", url + "/layouts/Artists/records", headers: bearer,
            body: #"{"fieldData":{"firstName":"Nina","lastName":"Simone"}}"#)
        #expect(created.status == 200, "\(created.body)")
        let globals = try await SecretLeakTests.send(
            "PATCH", url + "/globals", headers: bearer, body: #"{"globalFields":{"Artists::gNote":"kept"}}"#)
        #expect(globals.status == 200, "\(globals.body)")
        first.stop(SIGKILL)

        let second = try ServeProcess(arguments)
        defer { second.stop(SIGTERM) }
        let restarted = try #require(second.url, "\(second.banner)")
        let validated = try await SecretLeakTests.send(
            "GET", restarted + "/fmi/data/vLatest/validateSession", headers: ["Authorization": "Bearer \(token)"])
        #expect(validated.status == 200, "the token from before the crash: \(validated.body)")
        let records = try await SecretLeakTests.send(
            "GET", restarted + Self.music + "/layouts/Artists/records", headers: ["Authorization": "Bearer \(token)"])
        #expect(records.status == 200, "\(records.body)")
        #expect(records.body.contains("Simone"), "\(records.body)")
        #expect(records.body.contains(#""gNote":"kept""#), "the session's globals: \(records.body)")
    }

    /// Logs in to the music contract's database; returns the bearer headers.
    static func fileMakerSession(_ url: String) async throws -> [String: String] {
        let basic = Data("admin:admin-password-123".utf8).base64EncodedString()
        let login = try await SecretLeakTests.send(
            "POST", url + music + "/sessions",
            headers: ["Authorization": "Basic \(basic)", "Content-Type": "application/json"], body: "{}")
        #expect(login.status == 200, "\(login.body)")
        let object = try Self.object(login.body)
        let token = try #require((object["response"] as? [String: Any])?["token"] as? String, "\(login.body)")
        return ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
    }

    @Test("FileMaker: export fixtures writes the persisted records as fixtures that serve reads back with their ids")
    func fileMakerExport() async throws {
        let directory = Self.directory()
        let out = directory + "-fixtures"
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: out)
        }
        let persisted = try ServeProcess(["--contract", "Contracts/music/", "--port", "0", "--persist", directory])
        let url = try #require(persisted.url, "\(persisted.banner)")
        let session = try await Self.fileMakerSession(url)
        let created = try await SecretLeakTests.send(
            "POST", url + Self.music + "/layouts/Artists/records", headers: session,
            body: #"{"fieldData":{"firstName":"Nina","lastName":"Simone","since":"02/21/1933","instruments(2)":"piano"}}"#)
        #expect(created.status == 200, "\(created.body)")
        let before = try await SecretLeakTests.send("GET", url + Self.music + "/layouts/Artists/records", headers: session)
        let export = try await TreatyProcess.run(
            ["export", "fixtures", "--contract", "Contracts/music/", "--persist", directory, "--out", out])
        persisted.stop(SIGTERM)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(export.standardOutput.contains("in 2 files"), "\(export.standardOutput)")
        let fixtureCheck = try await TreatyProcess.run(["check", "--contract", "Contracts/music/", "--fixtures", out])
        #expect(fixtureCheck.status == 0, "\(fixtureCheck.standardOutput)")
        let served = try ServeProcess(["--contract", "Contracts/music/", "--port", "0", "--fixtures", out])
        defer { served.stop(SIGTERM) }
        let again = try #require(served.url, "\(served.banner)")
        let after = try await SecretLeakTests.send(
            "GET", again + Self.music + "/layouts/Artists/records", headers: try await Self.fileMakerSession(again))
        #expect(after.status == 200)
        #expect(after.body == before.body)
    }
}
