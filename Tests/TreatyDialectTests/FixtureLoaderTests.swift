import Foundation
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@Suite struct FixtureLoaderTests {
    let contract = DemoFiles.contract

    func directory(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return url
    }

    @Test("the demo fixture loads: 3 users, 2 projects, 3 tags, 5 tasks")
    func demo() throws {
        let result = FixtureLoader().load(directory: DemoFiles.fixturesPath, for: contract)
        #expect(result.diagnostics.isEmpty)
        let fixtures = try #require(result.fixtures)
        #expect(fixtures.records.mapValues(\.count) == ["user": 3, "project": 2, "tag": 3, "task": 5])
    }

    @Test("a fixture that breaks its contract is refused with the same diagnostics as treaty check")
    func violatingFixture() throws {
        let url = try directory([
            "user.json": #"[{"id":"6513270E-269E-4D37-B2A7-4DE452E6B438","displayName":"Ava","created_at":"2025-01-01T01:00:00.000Z","updated_at":"2025-01-01T01:00:00.000Z","version":1,"deleted_at":null}]"#
        ])
        defer { try? FileManager.default.removeItem(at: url) }
        let result = FixtureLoader().load(directory: url.path, for: contract)
        #expect(result.fixtures == nil)
        let rendered = DiagnosticRenderer().render(result.diagnostics)
        #expect(rendered.contains("user.json:1:2: error: [RS-NM-1] key 'displayName' is not snake_case"), "\(rendered)")
    }

    @Test("a file named after no resource, and invalid JSON, are refused", arguments: [
        ("tasks.json", "[]", "[unknown-resource] fixture file names no resource of the contract"),
        ("task.json", "[{]", "error: [json."),
    ])
    func badFiles(name: String, text: String, expected: String) throws {
        let url = try directory([name: text])
        defer { try? FileManager.default.removeItem(at: url) }
        let result = FixtureLoader().load(directory: url.path, for: contract)
        #expect(result.fixtures == nil)
        #expect(DiagnosticRenderer().render(result.diagnostics).contains(expected))
    }
}

@Suite struct YAMLFixtureTests {
    @Test("YAML fixtures load like JSON ones and are checked the same way")
    func yamlFixtures() throws {
        let contract = try #require(
            ContractLoader(vocabulary: .treatyDialects).load(fileAt: DemoFiles.contractPath).contract)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-yaml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try """
            - id: 6513270E-269E-4D37-B2A7-4DE452E6B438
              display_name: Ava
              created_at: "2025-01-01T01:00:00.000Z"
              updated_at: "2025-01-01T01:00:00.000Z"
              version: 1
              deleted_at: null
            """.write(to: url.appendingPathComponent("user.yaml"), atomically: true, encoding: .utf8)
        let good = FixtureLoader().load(directory: url.path, for: contract)
        #expect(good.diagnostics.isEmpty, "\(good.diagnostics)")
        #expect(good.fixtures?.records["user"]?.first?["version"] == 1)
        try "- id: 1\n  display_name: Ava\n".write(to: url.appendingPathComponent("user.yaml"), atomically: true, encoding: .utf8)
        let bad = FixtureLoader().load(directory: url.path, for: contract)
        #expect(bad.fixtures == nil)
        #expect(bad.diagnostics.contains { $0.rule == "RS-ID-1" })
    }
}
