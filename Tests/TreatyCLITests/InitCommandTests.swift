import Foundation
import Testing
import TreatyTestSupport

/// `treaty init`: a project in an empty directory whose contract, fixtures and scenario pass
/// `treaty lint`, `treaty check` and `treaty verify` at once, in every dialect and from an import.
@Suite struct InitCommandTests {
    static func scratch() throws -> String {
        let directory = NSTemporaryDirectory() + "treaty-init-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs `treaty lint`, `treaty check --fixtures` (when there are fixtures) and `treaty verify`
    /// in `directory`, as the README's commands do there.
    static func expectLintAndVerifyPass(in directory: String, api: String) async throws {
        let lint = try await TreatyProcess.run(["lint", "--strict"], directory: directory)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
        if FileManager.default.fileExists(atPath: directory + "/Fixtures/\(api)") {
            let check = try await TreatyProcess.run(
                ["check", "--contract", "Contracts/\(api)", "--fixtures", "Fixtures/\(api)"], directory: directory)
            #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        }
        let verify = try await TreatyProcess.run(["verify"], directory: directory)
        #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")
        #expect(verify.standardOutput.contains(" passed, 0 failed"), "\(verify.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: directory + "/Reports/junit.xml"))
    }

    @Test(
        "init writes a starter project that lints, checks and verifies at once",
        arguments: ["rest-sync", "pocketbase", "filemaker", "cloudkit"])
    func starter(dialect: String) async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try await TreatyProcess.run(
            ["init", "--dialect", dialect, "--api", "todo", "--treaty-path", TreatyProcess.root, directory])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("treaty: started todo (\(dialect)) in "), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("next: cd '\(directory)' && swift run treaty verify && swift test"))
        let suites = try FileManager.default.contentsOfDirectory(atPath: directory + "/Contracts/todo/suites")
        #expect(suites.count == 1)
        let manifest = try String(contentsOfFile: directory + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".package(name: "Treaty", path: "\#(TreatyProcess.root)")"#))
        #expect(manifest.contains(#".testTarget("#) && manifest.contains(#"name: "TodoContractTests""#))
        let test = try String(
            contentsOfFile: directory + "/Tests/TodoContractTests/TodoContractTests.swift", encoding: .utf8)
        #expect(test.contains(#"ContractCases.load(contract: "Contracts/todo/contract.yaml")"#))
        let workflow = try String(contentsOfFile: directory + "/.github/workflows/treaty.yml", encoding: .utf8)
        #expect(workflow.contains("run: swift run treaty verify"))
        #expect(workflow.contains("TREATY_TARGET: ${{ secrets.TREATY_TARGET }}"))
        #expect(workflow.contains("- cron: "))
        try await Self.expectLintAndVerifyPass(in: directory, api: "todo")
    }

    @Test("without --treaty-path the package depends on the published Treaty, and the api is the directory's name")
    func publishedDependency() async throws {
        let parent = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let output = try await TreatyProcess.run(["init", "Grocery List"], directory: parent)
        #expect(output.status == 0, "\(output.standardError)")
        let manifest = try String(contentsOfFile: parent + "/Grocery List/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#"dependencies: [.package(url: "https://github.com/"#))
        #expect(FileManager.default.fileExists(atPath: parent + "/Grocery List/Contracts/grocery-list/contract.yaml"))
        #expect(FileManager.default.fileExists(atPath: parent + "/Grocery List/Tests/GroceryListContractTests"))
    }

    @Test("a directory that already holds a project is refused (exit 2) and left as it was")
    func refusesExistingProject() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("// mine\n".utf8).write(to: URL(fileURLWithPath: directory + "/Package.swift"))
        let output = try await TreatyProcess.run(["init", directory])
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "\(directory): error: the directory already holds Package.swift; nothing was written\n"
                + "  fix: run treaty init in an empty directory, or pass another DIR\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["Package.swift"])
        #expect(try String(contentsOfFile: directory + "/Package.swift", encoding: .utf8) == "// mine\n")
    }

    @Test("an unknown dialect and a file no importer reads are refused (exit 2)")
    func refusals() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let unknown = try await TreatyProcess.run(["init", "--dialect", "graphql", directory])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("graphql"), "\(unknown.standardError)")
        let file = directory + "/schema.raml"
        try Data("#%RAML 1.0\n".utf8).write(to: URL(fileURLWithPath: file))
        let unread = try await TreatyProcess.run(["init", "--from", file, directory + "/project"])
        #expect(unread.status == 2)
        #expect(
            unread.standardError.hasPrefix(
                "\(file): error: no dialect's importer reads .raml files\n  fix: pass --dialect"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/project"))
    }

    static let tasks = """
        openapi: 3.1.0
        info: { title: Task Board, version: "1" }
        paths:
          /projects:
            get:
              responses:
                "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Project" } } } } }
          /projects/{id}:
            get:
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Project" } } } }
        components:
          schemas:
            Project:
              type: object
              required: [id, name, archived]
              example: { id: 36f675cc-81e7-4ef5-a8e2-5d940ed90475, name: Launch, archived: false }
              properties:
                id: { type: string, format: uuid }
                name: { type: string, minLength: 1, maxLength: 80 }
                archived: { type: boolean }
                notes: { type: [string, "null"] }
        """

    @Test("--from an OpenAPI document drafts the contract and fixtures with its dialect's importer, and they verify")
    func fromOpenAPI() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let document = directory + "/board.yaml"
        try Data(Self.tasks.utf8).write(to: URL(fileURLWithPath: document))
        let project = directory + "/project"
        let output = try await TreatyProcess.run(
            ["init", "--from", document, "--treaty-path", TreatyProcess.root, project])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(
            output.standardOutput.hasPrefix("treaty: started task-board (rest-sync) in "), "\(output.standardOutput)")
        let contract = try String(contentsOfFile: project + "/Contracts/task-board/contract.yaml", encoding: .utf8)
        #expect(contract.contains("dialect: rest-sync"))
        #expect(FileManager.default.fileExists(atPath: project + "/Fixtures/task-board/project.json"))
        #expect(FileManager.default.fileExists(atPath: project + "/Contracts/task-board/suites/lists.yaml"))
        try await Self.expectLintAndVerifyPass(in: project, api: "task-board")
    }

    static let schema = """
        DEFINE SCHEMA

        RECORD TYPE Recipe (
            "___recordID"  REFERENCE QUERYABLE,
            "title"        STRING QUERYABLE SORTABLE SEARCHABLE,
            "servings"     INT64 QUERYABLE,
            "tags"         LIST<STRING> QUERYABLE,
            GRANT READ TO "_world",
            GRANT READ, CREATE, WRITE TO "_icloud"
        );
        """

    @Test("--from a .ckdb schema picks its dialect by the extension, and the draft verifies")
    func fromSchemaFile() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/recipes.ckdb"
        try Data(Self.schema.utf8).write(to: URL(fileURLWithPath: file))
        let project = directory + "/project"
        let output = try await TreatyProcess.run(["init", "--from", file, "--treaty-path", TreatyProcess.root, project])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("treaty: started recipes (cloudkit) in "), "\(output.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: project + "/Contracts/recipes/suites/query.yaml"))
        try await Self.expectLintAndVerifyPass(in: project, api: "recipes")
    }

    @Test("the init command names no dialect, not even in comments: starters and importers come through the seam")
    func initNamesNoDialect() throws {
        let directory = TreatyProcess.root + "/Sources/treaty"
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("Init") }
        #expect(files.count == 2, "\(files)")
        let pattern = try Regex("pocketbase|pocket base|filemaker|cloudkit|rest-?sync|openapi|ckdb").ignoresCase()
        for file in files {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            let lines = text.split(separator: "\n").enumerated().filter { $0.element.contains(pattern) }
            #expect(lines.isEmpty, "\(file): \(lines.map { "\($0.offset + 1): \($0.element)" })")
        }
    }
}
