import Foundation
import Testing
import TreatyTestSupport

/// `treaty record`: a live backend's records as a fixture set that `treaty serve` loads and the
/// generated suites pass against; nothing half-written, nothing secret.
@Suite struct RecordCommandTests {
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-record-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func demoServer() throws -> (ServeProcess, String) {
        let server = try ServeProcess([
            "--contract", "Contracts/demo/contract.yaml", "--fixtures", "Fixtures/demo", "--port", "0",
        ])
        return (server, try #require(server.url, "\(server.banner)"))
    }

    @Test("recording treaty serve of the demo writes a set that verifies, with fakes of the same shape")
    func recordsAndVerifies() async throws {
        let (server, url) = try Self.demoServer()
        defer { server.stop() }
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/recorded"
        let output = try await TreatyProcess.run([
            "record", "--contract", "Contracts/demo/contract.yaml", "--target", url, "--out", out,
            "--redact", "user.display_name=fake", "--redact-seed", "s1",
        ])
        #expect(output.status == 0, "\(output.standardError)")
        let skipped = ["user", "project", "tag"].map {
            "skipped: tombstones of '\($0)': no list of it declares since_version, so only live records are recorded\n"
        }
        #expect(
            output.standardOutput
                == skipped.joined() + "treaty: recorded 13 records of 4 resources in 9 requests; wrote 4 files to \(out)/\n",
            "\(output.standardOutput)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["project.json", "tag.json", "task.json", "user.json"])
        let users = try String(contentsOfFile: out + "/user.json", encoding: .utf8)
        let original = try String(contentsOfFile: TreatyProcess.root + "/Fixtures/demo/user.json", encoding: .utf8)
        #expect(users != original, "display names are faked")
        #expect(users.count == original.count, "fakes keep the shape")
        let staging = try FileManager.default.contentsOfDirectory(atPath: scratch)
        #expect(staging == ["recorded"], "no staging directory is left")
        let verify = try await TreatyProcess.run([
            "verify", "--contract", "Contracts/demo/contract.yaml", "--fixtures", out, "--junit", scratch + "/junit.xml",
        ])
        #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")
    }

    @Test("an --out that is not empty is refused before anything is read")
    func refusesNonEmptyOut() async throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Data("keep".utf8).write(to: URL(fileURLWithPath: scratch + "/mine.json"))
        let output = try await TreatyProcess.run([
            "record", "--contract", "Contracts/demo/contract.yaml", "--target", "http://127.0.0.1:9", "--out", scratch,
        ])
        #expect(output.status == 2)
        #expect(output.standardError.contains("\(scratch): error: the directory is not empty; nothing was recorded"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == ["mine.json"])
    }

    @Test("an unreachable target exits 2 naming the endpoint, and writes nothing")
    func unreachable() async throws {
        let closedPort = try await withLiveServer { $0.port }
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let output = try await TreatyProcess.run([
            "record", "--contract", "Contracts/demo/contract.yaml", "--target", "http://127.0.0.1:\(closedPort)",
            "--out", scratch + "/out",
        ])
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("error: GET /users: the target did not answer: "), "\(output.standardError)")
        #expect(output.standardError.contains("nothing was written to \(scratch)/out"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)
    }

    @Test("refused credentials exit 2; with them, no credential reaches the recording or the console")
    func credentials() async throws {
        let token = SecretLeakTests.token
        try await withLiveServer(token: token) { server in
            let scratch = try Self.scratch()
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let refused = try await TreatyProcess.run([
                "record", "--contract", "Contracts/demo/contract.yaml", "--target", server.baseURL, "--out", scratch + "/a",
            ])
            #expect(refused.status == 2)
            #expect(refused.standardError.contains("GET /users answered 401: the target refused the credentials"), "\(refused.standardError)")
            let recorded = try await TreatyProcess.run(
                [
                    "record", "--contract", "Contracts/demo/contract.yaml", "--target", server.baseURL, "--out",
                    scratch + "/b",
                ], environment: ["TREATY_TOKEN": token])
            #expect(recorded.status == 0, "\(recorded.standardError)")
            var artefacts = try SecretLeakTests.files(under: scratch + "/b")
            #expect(artefacts.count == 4)
            artefacts["stdout"] = recorded.standardOutput + refused.standardOutput
            artefacts["stderr"] = recorded.standardError + refused.standardError
            #expect(SecretLeakTests.leaks(in: artefacts).isEmpty, "\(SecretLeakTests.leaks(in: artefacts))")
        }
    }

    @Test("a recorded record that fails the contract exits 1 with the loader's finding, and writes nothing")
    func recordFailingContract() async throws {
        try await withLiveServer(omitting: ["title"]) { server in
            let scratch = try Self.scratch()
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let output = try await TreatyProcess.run([
                "record", "--contract", "Contracts/demo/contract.yaml", "--target", server.baseURL, "--out", scratch + "/out",
            ])
            #expect(output.status == 1, "\(output.standardOutput)\(output.standardError)")
            #expect(output.standardError.contains("'title'"), "\(output.standardError)")
            #expect(
                output.standardError.contains(
                    "error: the recorded records do not load as fixtures of the contract (above); nothing was written to \(scratch)/out"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty, "no staging directory is left")
        }
    }
}
