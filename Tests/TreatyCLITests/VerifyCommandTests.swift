import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `treaty verify` and `treaty report merge` as a user runs them.
@Suite struct VerifyCommandTests {
    static let schemas = TreatyProcess.root + "/Tests/TreatyReportsTests/Schemas"

    private func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-verify-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func xmllint(_ file: String, schema: String) async throws -> Int32 {
        try await TreatyProcess.command("xmllint", ["--noout", "--schema", "\(Self.schemas)/\(schema)", file]).status
    }

    private func testcaseCount(_ file: String) throws -> Int {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return text.components(separatedBy: "<testcase ").count - 1
    }

    @Test("with no arguments it verifies the example contracts against the simulator and writes a valid report")
    func defaultRun() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = directory + "/junit.xml"
        let output = try await TreatyProcess.run(["verify", "--junit", report])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput.contains("✓ demo.shapes"))
        #expect(output.standardOutput.contains("✓ demo.task-lifecycle"))
        #expect(output.standardOutput.contains("✓ blog.posts: 51 passed, 0 failed"), "\(output.standardOutput)")
        let last = output.standardOutput.split(separator: "\n").dropLast().last.map(String.init) ?? ""
        #expect(last.hasSuffix("passed, 0 failed, 0 skipped"), "final line: \(last)")
        #expect(try await xmllint(report, schema: "junit-report.xsd") == 0)
        #expect(try testcaseCount(report) >= 81)
    }

    @Test("the Jenkins flavour validates against the Jenkins and xUnit schemas")
    func jenkinsFlavour() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = directory + "/junit.xml"
        let output = try await TreatyProcess.run(["verify", "--junit", report, "--junit-flavor", "jenkins", "--junit-dir", directory + "/suites"])
        #expect(output.status == 0)
        #expect(try await xmllint(report, schema: "junit-jenkins.xsd") == 0)
        #expect(try await xmllint(report, schema: "junit-xunit-plugin-10.xsd") == 0)
        let perSuite = try FileManager.default.contentsOfDirectory(atPath: directory + "/suites").sorted()
        #expect(perSuite.count == 17 && perSuite.allSatisfy { $0.hasPrefix("TEST-") && $0.hasSuffix(".xml") }, "\(perSuite)")
    }

    @Test("two shards together run every case once, and report merge joins them")
    func shardsMerge() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let full = try await TreatyProcess.run(["verify", "--junit", directory + "/full.xml"])
        let first = try await TreatyProcess.run(["verify", "--shard", "1/2", "--junit", directory + "/s1.xml"])
        let second = try await TreatyProcess.run(["verify", "--shard", "2/2", "--junit", directory + "/s2.xml"])
        #expect(full.status == 0 && first.status == 0 && second.status == 0)
        let total = try testcaseCount(directory + "/full.xml")
        let one = try testcaseCount(directory + "/s1.xml")
        let two = try testcaseCount(directory + "/s2.xml")
        #expect(one > 0 && two > 0 && one + two == total)
        let merged = try await TreatyProcess.run(["report", "merge", "-o", directory + "/merged.xml", directory + "/s1.xml", directory + "/s2.xml"])
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(try testcaseCount(directory + "/merged.xml") == total)
        #expect(try await xmllint(directory + "/merged.xml", schema: "junit-report.xsd") == 0)
        let notJUnit = try await TreatyProcess.run(["report", "merge", "-o", directory + "/x.xml", TreatyProcess.root + "/Package.swift"])
        #expect(notJUnit.status == 2)
    }

    @Test("a read-only run skips every case that writes")
    func readOnly() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try await TreatyProcess.run(["verify", "--read-only", "--junit", directory + "/junit.xml"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("demo.shapes: 7 passed, 0 failed ("), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("demo.task: 0 passed, 0 failed, 52 skipped"), "\(output.standardOutput)")
    }

    @Test("an unreachable live target exits 2 without showing the token")
    func unreachable() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try await TreatyProcess.run(
            ["verify", "--junit", directory + "/junit.xml"],
            environment: ["TREATY_TARGET": "http://127.0.0.1:9", "TREATY_TOKEN": "tok-1234-secret"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("unreachable"), "\(output.standardError)")
        #expect(!(output.standardOutput + output.standardError).contains("tok-1234-secret"))
    }

    @Test("bad arguments and bad scenario files exit 2 with a located message")
    func badInput() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try await TreatyProcess.run(["verify", "--shard", "3/2"]).status == 2)
        #expect(try await TreatyProcess.run(["verify", "--header", "no colon here"]).status == 2)
        let api = directory + "/Contracts/demo"
        try FileManager.default.createDirectory(atPath: api + "/suites", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TreatyProcess.root + "/Contracts/demo/contract.yaml", toPath: api + "/contract.yaml")
        try "scenarios:\n  - name: x\n    steps:\n      - request: { method: FETCH, path: /users }\n"
            .write(toFile: api + "/suites/bad.yaml", atomically: true, encoding: .utf8)
        let output = try await TreatyProcess.run(["verify", "--junit", directory + "/junit.xml"], directory: directory)
        #expect(output.status == 2)
        #expect(output.standardError.contains("Contracts/demo/suites/bad.yaml:4:"), "\(output.standardError)")
        #expect(output.standardError.contains("unknown method 'FETCH'"), "\(output.standardError)")
    }

    @Test("a live run against a running server passes, and deletes every record it created")
    func liveRunCleansUp() async throws {
        let server = try ServeProcess([
            "--contract", "Contracts/demo/contract.yaml", "--fixtures", "Fixtures/demo", "--port", "0",
        ])
        defer { server.stop() }
        let base = try #require(server.url, "no banner, got: \(server.banner)")
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try await TreatyProcess.run(
            [
                "verify", "--contract", "Contracts/demo/contract.yaml", "--junit", directory + "/junit.xml", "--header",
                "X-Api-Key: key-0123456789",
            ],
            environment: ["TREATY_TARGET": base, "TREATY_TOKEN": "tok-live-98765", "TREATY_HEADERS": "X-Tenant-Token: tenant-secret-55"])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        let report = try String(contentsOfFile: directory + "/junit.xml", encoding: .utf8)
        for secret in ["tok-live-98765", "key-0123456789", "tenant-secret-55"] {
            #expect(!report.contains(secret) && !output.standardOutput.contains(secret) && !output.standardError.contains(secret))
        }
        let state = try #require(URL(string: base + "/__treaty/state/task"))
        let (data, _) = try await URLSession.shared.data(from: state)
        let dump = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let records = try #require(dump["records"] as? [[String: Any]])
        let fixtureIDs: Set<String> = ["0CB1E29C-658C-4A14-95E6-0AF593BD04CF", "0FD630F1", "6B4CB242", "8E81973E", "92276658"]
        let created = records.filter { record in
            let id = record["id"] as? String ?? ""
            return !fixtureIDs.contains { id.hasPrefix($0) }
        }
        #expect(!created.isEmpty)
        let alive = created.filter { $0["deleted_at"] is NSNull || $0["deleted_at"] == nil }
        #expect(alive.isEmpty, "records the live run left behind: \(alive.map { $0["id"] ?? "?" })")
    }
}
