import Foundation
import Testing
import TreatyTestSupport

extension PersistTests {
    static let json = ["Content-Type": "application/json"]

    /// The JSON object of an answer.
    static func object(_ body: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body)")
    }

    /// Signs in to a PocketBase auth collection; returns the token.
    static func pocketBaseToken(_ url: String, collection: String, identity: String, password: String) async throws
        -> String
    {
        let login = try await SecretLeakTests.send(
            "POST", url + "/api/collections/\(collection)/auth-with-password", headers: json,
            body: #"{"identity":"\#(identity)","password":"\#(password)"}"#)
        #expect(login.status == 200, "\(login.body)")
        return try SecretLeakTests.token(in: login.body)
    }

    /// Creates a note with a text file in `notes`; returns the record.
    static func createNote(_ title: String, at url: String, token: String) async throws -> [String: Any] {
        let multipart = [
            "--TreatyBoundary", #"Content-Disposition: form-data; name="title""#, "", title,
            "--TreatyBoundary", #"Content-Disposition: form-data; name="attachment"; filename="note.txt""#,
            "Content-Type: text/plain", "", "the file of \(title)",
            "--TreatyBoundary--", "",
        ].joined(separator: "\r\n")
        let created = try await SecretLeakTests.send(
            "POST", url + "/api/collections/notes/records",
            headers: ["Content-Type": "multipart/form-data; boundary=TreatyBoundary", "Authorization": token],
            body: multipart)
        #expect(created.status == 200, "\(created.body)")
        return try object(created.body)
    }

    /// `Benchmarks/persist/crash_pocketbase.py`: 50 kills, bounded at 200 s.
    @Test(
        "PocketBase: under a write load from several clients, 50 SIGKILLs lose no acknowledged write, no collection, setting or token, and reuse no id",
        .timeLimit(.minutes(6)))
    func pocketBaseCrashes() async throws {
        let output = try await TreatyProcess.command(
            "python3", ["Benchmarks/persist/crash_pocketbase.py"],
            environment: ["TREATY_BIN": TreatyProcess.executable.path, "CRASH_KILLS": "50", "CRASH_SECONDS": "200"])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput.contains("crash (pocketbase): 50 SIGKILLs"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("state equals the replay of the acknowledged writes"))
    }

    @Test(
        "PocketBase: a collection made over the API, its records and files, settings and the tokens issued survive a SIGKILL; new ids are new"
    )
    func pocketBaseAcrossRestart() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["--contract", "Contracts/blog", "--port", "0", "--persist", directory]
        let first = try ServeProcess(arguments)
        let url = try #require(first.url, "\(first.banner)")
        let admin = try await Self.pocketBaseToken(
            url, collection: "_superusers", identity: "admin@example.com", password: "admin-password-123")
        let collection = try await SecretLeakTests.send(
            "POST", url + "/api/collections", headers: Self.json.merging(["Authorization": admin]) { $1 },
            body: #"""
                {"name":"notes","type":"base","listRule":"","viewRule":"","createRule":"",
                 "fields":[{"name":"title","type":"text"},{"name":"attachment","type":"file","maxSelect":1,"maxSize":100000}]}
                """#)
        #expect(collection.status == 200, "\(collection.body)")
        let collectionId = try #require(try Self.object(collection.body)["id"] as? String)
        let settings = try await SecretLeakTests.send(
            "PATCH", url + "/api/settings", headers: Self.json.merging(["Authorization": admin]) { $1 },
            body: #"{"batch":{"enabled":true,"maxRequests":7}}"#)
        #expect(settings.status == 200, "\(settings.body)")
        let signUp = try await SecretLeakTests.send(
            "POST", url + "/api/collections/users/records", headers: Self.json,
            body: #"{"email":"kim@example.com","password":"kim-password-1","passwordConfirm":"kim-password-1"}"#)
        #expect(signUp.status == 200, "\(signUp.body)")
        let user = try await Self.pocketBaseToken(
            url, collection: "users", identity: "kim@example.com", password: "kim-password-1")
        let note = try await Self.createNote("before the crash", at: url, token: user)
        let noteId = try #require(note["id"] as? String)
        let fileName = try #require(note["attachment"] as? String, "\(note)")
        first.stop(SIGKILL)

        let second = try ServeProcess(arguments)
        defer { second.stop(SIGTERM) }
        let restarted = try #require(second.url, "\(second.banner)")
        #expect(second.banner.contains("persisted state from"), "\(second.banner)")
        let schema = try await SecretLeakTests.send(
            "GET", restarted + "/api/collections/notes", headers: ["Authorization": admin])
        #expect(schema.status == 200, "the superuser's token from before the crash: \(schema.body)")
        #expect(try Self.object(schema.body)["id"] as? String == collectionId)
        let refresh = try await SecretLeakTests.send(
            "POST", restarted + "/api/collections/users/auth-refresh", headers: ["Authorization": user])
        #expect(refresh.status == 200, "the user's token from before the crash: \(refresh.body)")
        let kept = try await SecretLeakTests.send("GET", restarted + "/api/settings", headers: ["Authorization": admin])
        #expect(kept.body.contains(#""enabled":true"#) && kept.body.contains(#""maxRequests":7"#), "\(kept.body)")
        let record = try await SecretLeakTests.send("GET", restarted + "/api/collections/notes/records/\(noteId)")
        #expect(record.status == 200 && record.body.contains("before the crash"), "\(record.body)")
        let file = try await SecretLeakTests.send("GET", restarted + "/api/files/notes/\(noteId)/\(fileName)")
        #expect(file.status == 200 && file.body == "the file of before the crash", "\(file.status) \(file.body)")
        let later = try await Self.createNote("after the restart", at: restarted, token: user)
        let laterId = try #require(later["id"] as? String)
        #expect(laterId != noteId, "the restarted server handed out \(noteId) again")
        #expect(later["attachment"] as? String != fileName)
        let superuser = try await Self.pocketBaseToken(
            restarted, collection: "_superusers", identity: "admin@example.com", password: "admin-password-123")
        let superusers = try await SecretLeakTests.send(
            "GET", restarted + "/api/collections/_superusers/records", headers: ["Authorization": superuser])
        #expect(try Self.object(superusers.body)["totalItems"] as? Int == 1, "\(superusers.body)")
    }

    @Test("PocketBase: a torn tail of the log is cut and reported on restart; what was acknowledged before it stays")
    func pocketBaseTornTail() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["--contract", "Contracts/blog", "--port", "0", "--persist", directory]
        let first = try ServeProcess(arguments)
        let url = try #require(first.url, "\(first.banner)")
        let signUp = try await SecretLeakTests.send(
            "POST", url + "/api/collections/users/records", headers: Self.json,
            body: #"{"email":"lee@example.com","password":"lee-password-1","passwordConfirm":"lee-password-1"}"#)
        #expect(signUp.status == 200, "\(signUp.body)")
        first.stop(SIGKILL)
        let logs = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("log-") }.sorted()
        let log = directory + "/" + (try #require(logs.last, "no log in \(directory)"))
        let handle = try #require(FileHandle(forWritingAtPath: log))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0, 0, 1, 0, 0x54, 0x52]))
        try handle.close()
        let errors = directory + "-stderr"
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let second = try ServeProcess(arguments, errorLog: errors)
        defer { second.stop(SIGTERM) }
        let restarted = try #require(second.url, "\(second.banner)")
        let report = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(report.contains("warning: dropped bytes"), "\(report)")
        #expect(report.contains("an incomplete last record (a write cut short)"), "\(report)")
        let user = try await Self.pocketBaseToken(
            restarted, collection: "users", identity: "lee@example.com", password: "lee-password-1")
        #expect(!user.isEmpty)
    }

    @Test("PocketBase: export fixtures writes the persisted records as fixtures that serve reads back (a user signs in with the same password) and check accepts for non-auth collections")
    func pocketBaseExport() async throws {
        let directory = Self.directory()
        let out = directory + "-fixtures"
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: out)
        }
        let persisted = try ServeProcess(["--contract", "Contracts/blog", "--port", "0", "--persist", directory])
        let url = try #require(persisted.url, "\(persisted.banner)")
        let signUp = try await SecretLeakTests.send(
            "POST", url + "/api/collections/users/records", headers: Self.json,
            body: #"{"email":"max@example.com","password":"max-password-1","passwordConfirm":"max-password-1"}"#)
        #expect(signUp.status == 200, "\(signUp.body)")
        let posts = try await SecretLeakTests.send("GET", url + "/api/collections/posts/records")
        let export = try await TreatyProcess.run(
            ["export", "fixtures", "--contract", "Contracts/blog", "--persist", directory, "--out", out])
        persisted.stop(SIGTERM)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(export.standardOutput.contains("in 4 files"), "\(export.standardOutput)")
        let fixtureCheck = try await TreatyProcess.run(["check", "--contract", "Contracts/blog", "--fixtures", out])
        #expect(fixtureCheck.status == 0, "\(fixtureCheck.standardOutput)")
        for collection in ["posts", "tags", "comments"] {
            let check = try await TreatyProcess.run(
                ["check", "--contract", "Contracts/blog", "--resource", collection, out + "/\(collection).json"])
            #expect(check.status == 0, "\(collection): \(check.standardOutput)")
        }
        let served = try ServeProcess(["--contract", "Contracts/blog", "--port", "0", "--fixtures", out])
        defer { served.stop(SIGTERM) }
        let again = try #require(served.url, "\(served.banner)")
        #expect(try await SecretLeakTests.send("GET", again + "/api/collections/posts/records").body == posts.body)
        let user = try await Self.pocketBaseToken(
            again, collection: "users", identity: "max@example.com", password: "max-password-1")
        #expect(!user.isEmpty)
    }
}
