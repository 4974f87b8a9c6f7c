import Foundation
import Testing
import TreatyTestSupport

/// `treaty record --scenarios`: the contract's scenario files run against the target first, and
/// the recording holds what they leave; a failing scenario records nothing.
extension RecordCommandTests {
    /// The records of a fixture file, as JSON objects.
    static func records(_ path: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test("--scenarios runs the demo's scenario files first, and the recording holds the tombstone they leave")
    func recordsWhatScenariosLeave() async throws {
        let (server, url) = try Self.demoServer()
        defer { server.stop() }
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let out = scratch + "/recorded"
        let output = try await TreatyProcess.run([
            "record", "--contract", "Contracts/demo/contract.yaml", "--target", url, "--out", out, "--scenarios",
        ])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("treaty: ran "), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("of 2 files (") && output.standardOutput.contains(" 0 failed"))
        let original = try Self.records(TreatyProcess.root + "/Fixtures/demo/task.json")
        let recorded = try Self.records(out + "/task.json")
        #expect(recorded.count == original.count + 1, "the scenario's deleted task is recorded as its tombstone")
        let known = Set(original.compactMap { $0["id"] as? String })
        let left = recorded.filter { !known.contains($0["id"] as? String ?? "") }
        #expect(left.count == 1 && left.first?["deleted_at"] is String, "\(left)")
    }

    @Test("a failing scenario stops --scenarios with exit 1, naming it, and records nothing")
    func failingScenarioRecordsNothing() async throws {
        let (server, url) = try Self.demoServer()
        defer { server.stop() }
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch + "/api/suites", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: DemoFiles.contractPath, toPath: scratch + "/api/contract.yaml")
        try """
        suite: demo.wrong
        scenarios:
          - name: the users answer 418
            steps:
              - request: { method: GET, path: /users }
                expect: { status: 418 }
        """.write(toFile: scratch + "/api/suites/wrong.yaml", atomically: true, encoding: .utf8)
        let out = scratch + "/recorded"
        let output = try await TreatyProcess.run([
            "record", "--contract", scratch + "/api/contract.yaml", "--target", url, "--out", out, "--scenarios",
        ])
        #expect(output.status == 1, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardError.contains("scenario 'the users answer 418'"), "\(output.standardError)")
        #expect(output.standardError.contains("nothing was recorded"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
