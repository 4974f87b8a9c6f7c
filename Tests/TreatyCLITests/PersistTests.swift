import Foundation
import Testing
import TreatyTestSupport

/// `treaty serve --persist DIR` as a user runs it: crashes, restarts, refusals.
@Suite struct PersistTests {
    static func directory() -> String {
        NSTemporaryDirectory() + "treaty-persist-cli-\(UUID().uuidString)"
    }

    /// `Benchmarks/persist/crash.py`: 50 kills, bounded at 360 s (about 60 s on an idle
    /// machine; a debug build reads the state back in tenths of a second, but a full test run on
    /// two cores makes each restart take seconds).
    @Test("under a write load from several clients, 50 SIGKILLs lose no acknowledged write and half-apply none",
          .timeLimit(.minutes(8)))
    func crashes() async throws {
        let output = try await TreatyProcess.command(
            "python3", ["Benchmarks/persist/crash.py"],
            environment: ["TREATY_BIN": TreatyProcess.executable.path, "CRASH_KILLS": "50", "CRASH_SECONDS": "360"])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput.contains("crash: 50 SIGKILLs"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("state equals the replay of the acknowledged writes"))
    }

    @Test("an app's incremental sync goes on across a SIGKILL and restart: the cursor it holds still works")
    func cursorAcrossRestart() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["--contract", DemoFiles.contractPath, "--fixtures", DemoFiles.fixturesPath, "--port", "0",
                         "--persist", directory]
        let first = try ServeProcess(arguments)
        let url = try #require(first.url)
        let created = try await SecretLeakTests.send(
            "POST", url + DemoID.tasksP1, headers: ["Content-Type": "application/json"], body: Self.task(DemoID.new1))
        #expect(created.status == 201)
        let feed = try await SecretLeakTests.send("GET", url + DemoID.tasksP1 + "?since_version=0")
        let cursor = try #require(feed.headers["Sync-Cursor"])
        first.stop(SIGKILL)
        let second = try ServeProcess(arguments)
        defer { second.stop(SIGTERM) }
        #expect(second.banner.contains("persisted state from"), "\(second.banner)")
        let third = try await TreatyProcess.run(["serve"] + arguments)
        #expect(third.status == 2)
        #expect(third.standardError.contains("another process (a running 'treaty serve --persist') is using the directory"))
        let restarted = try #require(second.url)
        let unchanged = try await SecretLeakTests.send("GET", restarted + DemoID.tasksP1 + "?since_version=\(cursor)")
        #expect(unchanged.body == "[]")
        #expect(unchanged.headers["Sync-Cursor"] == cursor)
        _ = try await SecretLeakTests.send(
            "POST", restarted + DemoID.tasksP1, headers: ["Content-Type": "application/json"], body: Self.task(DemoID.new2))
        let next = try await SecretLeakTests.send("GET", restarted + DemoID.tasksP1 + "?since_version=\(cursor)")
        #expect(next.body.contains(DemoID.new2))
        #expect(!next.body.contains(DemoID.new1))
        #expect(next.headers["Sync-Cursor"].flatMap(Int.init) == Int(cursor).map { $0 + 1 })
    }

    @Test("a directory written for another contract is refused with exit 2, naming the file and the fix; nothing changes")
    func foreignContract() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServeProcess(
            ["--contract", DemoFiles.contractPath, "--fixtures", DemoFiles.fixturesPath, "--port", "0",
             "--persist", directory])
        server.stop(SIGTERM)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let other = directory + "-other.yaml"
        defer { try? FileManager.default.removeItem(atPath: other) }
        let demo = try String(contentsOfFile: DemoFiles.contractPath, encoding: .utf8)
        try demo.replacingOccurrences(of: "api: demo", with: "api: other")
            .replacingOccurrences(of: "      description: { type: string, nullable: true }\n", with: "")
            .write(toFile: other, atomically: true, encoding: .utf8)
        let output = try await TreatyProcess.run(["serve", "--contract", other, "--port", "0", "--persist", directory])
        #expect(output.status == 2)
        #expect(output.standardError.contains("\(directory)/base.treaty: error: the stored state was written for another contract"),
                "\(output.standardError)")
        #expect(output.standardError.contains("api: written for 'demo', the contract served is 'other'"))
        #expect(output.standardError.contains("resource 'task' no longer has 'description: string'"))
        #expect(output.standardError.contains("fix: "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before)
    }

    @Test("export fixtures writes the persisted state as a fixture set that serve and check accept")
    func exportRoundTrip() async throws {
        let directory = Self.directory()
        let out = directory + "-fixtures"
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: out)
        }
        let arguments = ["--contract", DemoFiles.contractPath, "--fixtures", DemoFiles.fixturesPath, "--port", "0"]
        let persisted = try ServeProcess(arguments + ["--persist", directory])
        let url = try #require(persisted.url)
        _ = try await SecretLeakTests.send(
            "POST", url + DemoID.tasksP1, headers: ["Content-Type": "application/json"], body: Self.task(DemoID.new1))
        _ = try await SecretLeakTests.send("DELETE", url + DemoID.task(DemoID.t1))
        let before = try await SecretLeakTests.send("GET", url + DemoID.tasksP1 + "?since_version=0")
        let export = try await TreatyProcess.run(
            ["export", "fixtures", "--contract", DemoFiles.contractPath, "--persist", directory, "--out", out])
        persisted.stop(SIGTERM)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(export.standardOutput.contains("treaty: exported 14 records in 4 files"), "\(export.standardOutput)")
        let check = try await TreatyProcess.run(
            ["check", "--contract", DemoFiles.contractPath, "--resource", "task", out + "/task.json"])
        #expect(check.status == 0, "\(check.standardOutput)")
        let fixtureCheck = try await TreatyProcess.run(["check", "--contract", DemoFiles.contractPath, "--fixtures", out])
        #expect(fixtureCheck.status == 0, "\(fixtureCheck.standardOutput)")
        let served = try ServeProcess(arguments.filter { $0 != DemoFiles.fixturesPath && $0 != "--fixtures" } + ["--fixtures", out])
        defer { served.stop(SIGTERM) }
        let after = try await SecretLeakTests.send("GET", try #require(served.url) + DemoID.tasksP1 + "?since_version=0")
        #expect(after.body == before.body)
        let again = try await TreatyProcess.run(
            ["export", "fixtures", "--contract", DemoFiles.contractPath, "--persist", directory, "--out", out])
        #expect(again.status == 2)
        #expect(again.standardError.contains("the directory is not empty; nothing was written"))
    }

    static func task(_ id: String) -> String {
        """
        {"id":"\(id)","title":"persisted","state":"todo","author_id":"\(DemoID.u1)","position":1,\
        "created_at":"2025-03-01T00:00:00.000Z","updated_at":"2025-03-01T00:00:00.000Z"}
        """
    }
}
