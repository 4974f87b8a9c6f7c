import Foundation
import Testing

@Suite struct CheckBadInputTests {
    let arguments = ["check", "--endpoint", "GET /projects/{project_id}/tasks"]

    func check(bytes: [UInt8], extra: [String] = []) async throws -> TreatyProcess.Output {
        let directory = try TemporaryDirectory()
        try directory.write("payload.json", bytes: bytes)
        return try await TreatyProcess.run(arguments + extra + [directory.path("payload.json")], directory: TreatyProcess.root)
    }

    @Test("unusable payloads exit 2 with a located error", arguments: [
        ("[{\"id\": 1,}]", "error: [json."),
        ("{\"id\": \"a\", \"id\": \"b\"}", "duplicate"),
        ("", "empty"),
        ("   \n", "empty"),
        ("\"just a string\"", "[unusable-payload] the payload is a JSON string, not a record object or a list of records"),
        ("[1] x", "error: [json."),
        ("[NaN]", "NaN"),
    ])
    func unusable(text: String, expected: String) async throws {
        let output = try await check(bytes: Array(text.utf8))
        #expect(output.status == 2)
        #expect(output.standardOutput.contains(expected), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("payload.json:"))
    }

    @Test("invalid UTF-8 exits 2 and names the byte")
    func invalidUTF8() async throws {
        let output = try await check(bytes: Array("[{\"title\": \"".utf8) + [0xFF] + Array("\"}]".utf8))
        #expect(output.status == 2)
        #expect(output.standardOutput.contains("payload.json:1:13: error:"), "\(output.standardOutput)")
    }

    @Test("100,000 nested arrays exit 2 without crashing")
    func deepNesting() async throws {
        let output = try await check(bytes: Array(repeating: UInt8(ascii: "["), count: 100_000))
        #expect(output.status == 2)
        #expect(output.standardOutput.contains("nesting deeper than 512 levels"), "\(output.standardOutput)")
    }

    @Test("a payload over --max-payload-size exits 2")
    func tooLarge() async throws {
        let output = try await check(bytes: Array("[]".utf8) + Array(repeating: UInt8(ascii: " "), count: 2048), extra: ["--max-payload-size", "1K"])
        #expect(output.status == 2)
        #expect(output.standardOutput.contains("1024"), "\(output.standardOutput)")
    }

    @Test("unusable arguments exit 2", arguments: [
        ["check", "--endpoint", "GET /nowhere", "Fixtures/demo/payloads/tasks-p1.json"],
        ["check", "Fixtures/demo/payloads/tasks-p1.json"],
        ["check", "--endpoint", "GET /projects", "Fixtures/demo/payloads/missing.json"],
        ["check", "--contract", "Contracts/missing.yaml", "--resource", "task", "Fixtures/demo/task.json"],
        ["check", "--resource", "tsk", "Fixtures/demo/task.json"],
        ["check", "--endpoint", "GET /projects", "--max-payload-size", "lots", "Fixtures/demo/project.json"],
        ["frobnicate"],
    ])
    func badArguments(arguments: [String]) async throws {
        let output = try await TreatyProcess.run(arguments)
        #expect(output.status == 2, "\(output.standardOutput)\(output.standardError)")
        #expect(!(output.standardOutput + output.standardError).isEmpty)
    }
}
