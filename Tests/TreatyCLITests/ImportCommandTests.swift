import Foundation
import Testing
import TreatyTestSupport

/// `treaty import`: the importer found through the registry, the draft written and linted.
@Suite struct ImportCommandTests {
    static func scratch() throws -> String {
        let directory = NSTemporaryDirectory() + "treaty-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(
        "svix's OpenAPI document imports to a contract and fixtures that treaty check accepts, treaty serve serves and treaty verify passes",
        .enabled(if: SharedOpenAPI.directory != nil, Comment(rawValue: SharedOpenAPI.absence)))
    func importServeVerify() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fixtures = directory + "/fixtures"
        let imported = try await TreatyProcess.run(
            [
                "import", "openapi", SharedOpenAPI.path("svix.json"), "--out", directory + "/svix", "--fixtures",
                fixtures,
            ])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.hasPrefix("treaty: drafted \(directory)/svix/contract.yaml (8 resources, "))
        #expect(imported.standardOutput.hasSuffix(" and 7 fixture files in \(fixtures)\n"))
        for file in try FileManager.default.contentsOfDirectory(atPath: fixtures).sorted() {
            let resource = String(file.dropLast(".json".count))
            let check = try await TreatyProcess.run(
                ["check", "--contract", directory + "/svix", "--resource", resource, fixtures + "/" + file])
            #expect(check.status == 0, "\(check.standardOutput)")
        }
        let server = try ServeProcess(["--contract", directory + "/svix", "--fixtures", fixtures, "--port", "0"])
        defer { server.stop() }
        let url = try #require(server.url, "\(server.banner)")
        #expect(server.banner.contains("(7 records)"))
        let verify = try await TreatyProcess.run(
            ["verify", "--contract", directory + "/svix", "--target", url, "--junit", directory + "/junit.xml"])
        #expect(verify.status == 0, "\(verify.standardOutput)\n\(verify.standardError)")
        #expect(verify.standardOutput.contains(" passed, 0 failed"))
    }

    /// The real documents' drafts, verified against the simulator: `fixtures` says whether the
    /// drafted fixtures are loaded (coolify's and discord's documents have no examples; asana's
    /// and xero's examples leave out keys the store then answers as `null`, which their
    /// non-nullable `when_set` fields refuse (TR-TYPE-1), so they run without them). Asana's and
    /// discord's drafts declare some relations `shape: nested`, which the simulator serves nested.
    static let realDrafts: [(file: String, fixtures: Bool)] = [
        ("asana.yaml", false), ("coolify.yaml", false), ("discord.json", false), ("svix.json", true),
        ("twilio-taskrouter.json", true), ("xero-projects.yaml", false),
    ]

    @Test(
        "each real document's draft verifies against the simulator",
        .enabled(if: SharedOpenAPI.directory != nil, Comment(rawValue: SharedOpenAPI.absence)),
        arguments: realDrafts.map(\.file))
    func realDraftVerifies(file: String) async throws {
        let draft = try #require(Self.realDrafts.first { $0.file == file })
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let imported = try await TreatyProcess.run(
            [
                "import", "openapi", SharedOpenAPI.path(file), "--out", directory + "/contract", "--fixtures",
                directory + "/fixtures",
            ])
        #expect(imported.status == 0, "\(imported.standardError)")
        let fixtures = directory + (draft.fixtures ? "/fixtures" : "/none")
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        let verify = try await TreatyProcess.run(
            [
                "verify", "--contract", directory + "/contract", "--fixtures", fixtures, "--junit",
                directory + "/junit.xml",
            ])
        #expect(verify.status == 0, "\(verify.standardOutput)\n\(verify.standardError)")
        #expect(verify.standardOutput.contains(" passed, 0 failed"))
    }

    @Test("a Swagger 2 document is a located error (exit 2) and nothing is written")
    func swagger() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/old.yaml"
        try Data("info: { title: Old }\nswagger: \"2.0\"\n".utf8).write(to: URL(fileURLWithPath: file))
        let output = try await TreatyProcess.run(["import", "openapi", file, "--out", directory + "/old"])
        #expect(output.status == 2)
        #expect(
            output.standardError.hasPrefix(
                "\(file):2:10: error: [openapi-version] Swagger 2.0 is not supported, only OpenAPI 3.0 and 3.1"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/old"))
    }

    @Test("an unknown format is refused with the formats there are, and an existing contract is never replaced")
    func refusals() async throws {
        let unknown = try await TreatyProcess.run(["import", "raml", "api.raml"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "error: no importer reads 'raml'\n  fix: use one of: openapi, cloudkit\n")
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/api.yaml"
        try Data("openapi: 3.1.0\ninfo: { title: Empty, version: '1' }\npaths: {}\n".utf8).write(
            to: URL(fileURLWithPath: file))
        let first = try await TreatyProcess.run(["import", "openapi", file, "--out", directory + "/empty"])
        #expect(first.status == 0, "\(first.standardError)")
        let second = try await TreatyProcess.run(["import", "openapi", file, "--out", directory + "/empty"])
        #expect(second.status == 2)
        #expect(second.standardError.contains("error: a contract is already there; nothing was written"))
    }
}

/// `treaty export openapi`: the dialect's exporter found through the registry.
@Suite struct ExportOpenAPICommandTests {
    @Test("the demo contract's API is written as OpenAPI 3.1 to standard output or a file")
    func export() async throws {
        let output = try await TreatyProcess.run(["export", "openapi", "--contract", "Contracts/demo/"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("{\n  \"openapi\": \"3.1.0\","))
        #expect(output.standardOutput.contains("\"/projects/{project_id}/tasks/{id}\""))
        let file = NSTemporaryDirectory() + "treaty-export-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let written = try await TreatyProcess.run(["export", "openapi", "--contract", "Contracts/demo/", "--out", file])
        #expect(written.standardOutput == "treaty: wrote the OpenAPI 3.1 document of demo to \(file)\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == output.standardOutput)
    }

    /// What OpenAPI carries of a PocketBase contract comes back through the OpenAPI importer, as a
    /// rest-sync draft: the collections' names, fields and types (its records API paths and
    /// rules do not; neither do FileMaker's layouts, whose schemas are named after the Data API's
    /// `fieldData`, nor CloudKit's record types, whose fields are typed `{value, type}` pairs).
    @Test("importing the blog's OpenAPI export gives back its collections with their fields and types")
    func pocketBaseRoundTrip() async throws {
        let directory = try ImportCommandTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let exported = try await TreatyProcess.run(
            ["export", "openapi", "--contract", "Contracts/blog/", "--out", directory + "/blog.json"])
        #expect(exported.status == 0, "\(exported.standardError)")
        let imported = try await TreatyProcess.run(
            ["import", "openapi", directory + "/blog.json", "--out", directory + "/back", "--api", "blog-back"])
        #expect(imported.status == 0, "\(imported.standardError)")
        let draft = try String(contentsOfFile: directory + "/back/contract.yaml", encoding: .utf8)
        for collection in ["users", "tags", "posts", "comments"] {
            #expect(draft.contains("\n  \(collection):  # from #/components/schemas/"), "\(collection)")
        }
        for field in [
            "email: { type: string", "emailVisibility: { type: bool",
            "title: { type: string, required: true, max_length: 200",
            "views: { type: number", "status: { type: string, required: true, enum: [draft, published, \"\"]",
            "tags: { type: \"string[]\"", "featured: { type: bool", "metadata: { type: json",
        ] {
            #expect(draft.contains("      " + field), "\(field)")
        }
    }

    @Test("Examples/GeneratedClient's openapi.json is today's export of the demo contract, so the client cannot drift")
    func generatedClientDocument() async throws {
        let output = try await TreatyProcess.run(["export", "openapi", "--contract", "Contracts/demo/"])
        #expect(output.status == 0, "\(output.standardError)")
        let committed = try String(
            contentsOfFile: TreatyProcess.root + "/Examples/GeneratedClient/Sources/DemoClient/openapi.json",
            encoding: .utf8)
        #expect(
            committed == output.standardOutput,
            "regenerate it: swift run treaty export openapi --contract Contracts/demo --out Examples/GeneratedClient/Sources/DemoClient/openapi.json"
        )
    }

    @Test(
        "PocketBase collections, FileMaker layouts and CloudKit record types export as valid OpenAPI 3.1",
        .enabled(
            if: TreatyProcess.succeeds("/usr/bin/env", ["python3", "-c", "import openapi_spec_validator"]),
            "openapi-spec-validator is not installed (pip install openapi-spec-validator)"),
        arguments: [
            ("Contracts/blog/", "/api/collections/posts/records/{id}"),
            ("Contracts/music/", "/fmi/data/vLatest/databases/Music/layouts/Artists/_find"),
            ("Contracts/gallery/", "/database/1/iCloud.com.example.Gallery/{environment}/{database}/records/query"),
        ])
    func dialectExports(contract: String, path: String) async throws {
        let file = NSTemporaryDirectory() + "treaty-export-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let written = try await TreatyProcess.run(["export", "openapi", "--contract", contract, "--out", file])
        #expect(written.status == 0, "\(written.standardError)")
        let document = try String(contentsOfFile: file, encoding: .utf8)
        #expect(document.contains("\"\(path)\""))
        let script = """
            import sys
            from openapi_spec_validator import validate
            from openapi_spec_validator.readers import read_from_filename
            validate(read_from_filename(sys.argv[1])[0])
            """
        let validated = try await TreatyProcess.command("/usr/bin/env", ["python3", "-c", script, file])
        #expect(validated.status == 0, "\(validated.standardError)")
    }
}
