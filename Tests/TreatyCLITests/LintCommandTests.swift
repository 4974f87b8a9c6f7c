import Foundation
import Testing

@Suite struct LintCommandTests {
    @Test("treaty lint with no arguments lints Contracts/ and exits 0")
    func lintDefault() async throws {
        let output = try await TreatyProcess.run(["lint"])
        #expect(output.status == 0)
        #expect(output.standardOutput == "linted 4 contract files: 0 errors, 0 warnings\n")
    }

    @Test("linting a project directory lints its contracts, not the fixtures and payloads beside them")
    func lintProjectRoot() async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("Fixtures/demo/payloads"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("Contracts/demo"), withIntermediateDirectories: true)
        for name in ["Contracts/demo/contract.yaml", "Fixtures/demo/task.json", "Fixtures/demo/payloads/task-t1.json"] {
            try FileManager.default.copyItem(atPath: TreatyProcess.root + "/" + name, toPath: directory.path(name))
        }
        try directory.write("notes.yaml", "just: some notes\n")
        let output = try await TreatyProcess.run(["lint", directory.url.path])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput == "linted 1 contract file: 0 errors, 0 warnings\n", "\(output.standardOutput)")
    }

    @Test("findings exit 1 and print compiler-style diagnostics")
    func lintFindings() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("bad.yaml", """
            api: bad
            dialect: rest-sync
            resources:
              task:
                fields:
                  title: { type: string, requird: true }
                  owner: { to: usr }
            endpoints:
              - GET /tasks/{task_id}
            """)
        let output = try await TreatyProcess.run(["lint", directory.path("bad.yaml")])
        #expect(output.status == 1)
        let file = directory.path("bad.yaml")
        #expect(output.standardOutput == """
            \(file):6:30: error: [unknown-key] unknown key 'requird' in field 'title'
                    title: { type: string, requird: true }
                                           ^
              did you mean 'required'?
              fix: use one of: type, required, nullable, emit, immutable, enum, min_length, max_length, trim, minimum, maximum, key, order, to, many, shape
            linted 1 contract file: 1 error, 0 warnings

            """)
    }

    @Test("an unreadable contract exits 2", arguments: ["api: [unclosed\n", "", "a: 1\na: 2\n"])
    func lintUnreadable(text: String) async throws {
        let directory = try TemporaryDirectory()
        try directory.write("broken.yaml", text)
        let output = try await TreatyProcess.run(["lint", directory.path("broken.yaml")])
        #expect(output.status == 2)
        #expect(output.standardOutput.contains("\(directory.path("broken.yaml")):"))
    }

    @Test("a missing path exits 2")
    func lintMissing() async throws {
        let output = try await TreatyProcess.run(["lint", "Contracts/nope.yaml"])
        #expect(output.status == 2)
        #expect(output.standardOutput.hasPrefix("Contracts/nope.yaml: error: [unreadable-file] no such file or directory"))
    }
}

/// A temporary directory removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    }

    func write(_ name: String, bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
    }
}
