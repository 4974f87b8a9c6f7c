import Foundation
import Testing

/// Every command reaches a dialect through the registry: PocketBase payloads are checked with the
/// PB rules, contracts are named by their directory, `treaty dialects` lists what the registry
/// holds, and a dialect's own serve options are its to parse.
@Suite struct DialectSeamCommandTests {
    let posts = ["--endpoint", "GET /api/collections/posts/records"]

    @Test("a list recorded from a real PocketBase 0.40.6 conforms; the blog contract is found by its endpoint")
    func pocketBaseListConforms() async throws {
        let output = try await TreatyProcess.run(
            ["check"] + posts + ["Fixtures/blog/payloads/posts-list-real-0.40.6.json"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(
            output.standardOutput.hasPrefix(
                "Fixtures/blog/payloads/posts-list-real-0.40.6.json: conforms (2 records, GET /api/collections/posts/records)"
            ))
    }

    @Test("a broken PocketBase list fails with the PB rules, located at the line of each value")
    func pocketBaseViolations() async throws {
        let output = try await TreatyProcess.run(
            ["check", "--contract", "Contracts/blog/"] + posts + ["Fixtures/blog/payloads/posts-list-violations.json"])
        #expect(output.status == 1)
        let text = output.standardOutput
        #expect(text.contains("posts-list-violations.json:24:5: error: [PB-FIELD-1] posts record has no 'title'"))
        #expect(
            text.contains("posts-list-violations.json:42:7: error: [PB-TYPE-1] posts.views is a string, not a number"))
        #expect(
            text.contains(
                "posts-list-violations.json:30:7: error: [PB-DATE-1] posts.created is not a PocketBase datetime"))
    }

    @Test("--resource checks bare PocketBase records, a concrete view request one record")
    func pocketBaseRecords() async throws {
        let file = "Fixtures/blog/payloads/post-view-real-0.40.6.json"
        let bare = try await TreatyProcess.run(["check", "--resource", "posts", file])
        #expect(bare.status == 0, "\(bare.standardOutput)\(bare.standardError)")
        let view = try await TreatyProcess.run([
            "check", "--endpoint", "GET /api/collections/posts/records/7y2bfrej8q3qhnp", file,
        ])
        #expect(view.status == 0, "\(view.standardOutput)\(view.standardError)")
        #expect(view.standardOutput.contains("GET /api/collections/posts/records/{id}"))
    }

    @Test("an unknown collection is refused with a suggestion (exit 2)")
    func unknownCollection() async throws {
        let output = try await TreatyProcess.run(
            [
                "check", "--contract", "Contracts/blog/contract.yaml", "--endpoint",
                "GET /api/collections/postz/records",
                "Fixtures/blog/payloads/post-view-real-0.40.6.json",
            ])
        #expect(output.status == 2)
        #expect(output.standardError.contains("have no 'postz' (did you mean 'posts'?)"))
    }

    @Test("--contract takes a contract's directory in lint, check, serve and verify")
    func contractDirectory() async throws {
        let check = try await TreatyProcess.run(
            [
                "check", "--contract", "Contracts/demo/", "--endpoint", "GET /projects/{project_id}/tasks",
                "Fixtures/demo/payloads/tasks-p1.json",
            ])
        #expect(check.status == 0, "\(check.standardError)")
        let verify = try await TreatyProcess.run(
            ["verify", "--contract", "Contracts/demo", "--junit", NSTemporaryDirectory() + "treaty-seam-\(UUID()).xml"])
        #expect(verify.status == 0, "\(verify.standardError)")
        #expect(!verify.standardError.contains("NSCocoaErrorDomain"))
        let lint = try await TreatyProcess.run(["lint", "Contracts/blog/"])
        #expect(lint.status == 0)
    }

    @Test("treaty dialects lists each registered dialect with its keys, options and variables")
    func dialects() async throws {
        let output = try await TreatyProcess.run(["dialects"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("rest-sync: plain REST following the sync contract"))
        #expect(output.standardOutput.contains("pocketbase: "))
        #expect(output.standardOutput.contains("  treaty serve options:\n    --collections <FILE>"))
        #expect(output.standardOutput.contains("  treaty verify options:\n    --database <NAME>"))
        #expect(output.standardOutput.contains("$TREATY_PB_SUPERUSER"))
        #expect(!output.standardOutput.contains("--help"))
    }

    @Test("a dialect option the dialect does not take is refused with a suggestion (exit 2)")
    func unknownDialectOption() async throws {
        let output = try await TreatyProcess.run(["serve", "--dialect", "pocketbase", "--colections", "x.json"])
        #expect(output.status == 2)
        #expect(
            output.standardError.contains(
                "error: the pocketbase dialect: Unknown option '--colections'. Did you mean '--collections'?"))
        let rest = try await TreatyProcess.run(["serve", "--contract", "Contracts/demo/", "--collections", "x.json"])
        #expect(rest.status == 2)
        #expect(rest.standardError.contains("error: the rest-sync dialect: Unknown option '--collections'\n"))
        let unknown = try await TreatyProcess.run(["serve", "--dialect", "pocketbas"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("no dialect 'pocketbas' is available yet (did you mean 'pocketbase'?)"))
    }

    @Test("treaty verify takes a dialect's own options: --database picks the FileMaker file; an unknown one is refused")
    func verifyDialectOptions() async throws {
        let report = NSTemporaryDirectory() + "treaty-seam-\(UUID()).xml"
        let chosen = try await TreatyProcess.run(["verify", "--contract", "Contracts/music/", "--database", "Music", "--junit", report])
        #expect(chosen.status == 0, "\(chosen.standardError)")
        let missing = try await TreatyProcess.run(["verify", "--contract", "Contracts/music/", "--database", "Nope", "--junit", report])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("the contract declares no database 'Nope'; it declares: Music"))
        let typo = try await TreatyProcess.run(["verify", "--datbase", "Music", "--junit", report])
        #expect(typo.status == 2)
        #expect(
            typo.standardError.contains(
                "error: no dialect takes '--datbase' in treaty verify\n"
                    + "  filemaker: Unknown option '--datbase'. Did you mean '--database'?\n"
            ))
        let environment = try await TreatyProcess.run(["verify", "--environment", "staging", "--junit", report])
        #expect(environment.status == 2)
        #expect(
            environment.standardError.contains(
                "error: the cloudkit dialect: --environment must be development or production, not 'staging'"))
    }

    @Test(
        "a dialect option's bad value, or an unknown one, is refused with the option's name before anything loads (exit 2)",
        arguments: [
            (
                ["--dialect", "cloudkit", "--container", "iCloud.com.example.App", "--signature-window", "abc"],
                "error: the cloudkit dialect: The value 'abc' is invalid for '--signature-window <SECONDS>'"
            ),
            (
                ["--dialect", "cloudkit", "--server-key", "no-equals-sign"],
                "The value 'no-equals-sign' is invalid for '--server-key <KEYID=FILE>'"
            ),
            (
                ["--contract", "Contracts/music/", "--max-sessions", "0"],
                "error: the filemaker dialect: --max-sessions must be a positive number, not 0"
            ),
            (
                ["--contract", "Contracts/music/", "--session-idle"],
                "error: the filemaker dialect: Missing value for '--session-idle <SECONDS>'"
            ),
            (
                ["--dialect", "cloudkit", "--container", "iCloud.com.example.App", "--sigature-window", "5"],
                "error: the cloudkit dialect: Unknown option '--sigature-window'. Did you mean '--signature-window'?"
            ),
        ] as [([String], String)])
    func refusedDialectOption(arguments: [String], message: String) async throws {
        let output = try await TreatyProcess.run(["serve"] + arguments)
        #expect(output.status == 2)
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }

    @Test("treaty serve --help lists each dialect's options from its typed declarations")
    func serveHelpListsDialectOptions() async throws {
        let output = try await TreatyProcess.run(["serve", "--help"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("  cloudkit:\n    --container <ID>"))
        #expect(output.standardOutput.contains("--signature-window <SECONDS>"))
        #expect(output.standardOutput.contains("--superuser <EMAIL:PASSWORD>"))
    }
}
