import Foundation
import Testing
import TreatyCore

@testable import TreatyPocketBase

/// Files PocketBase 0.40 would refuse or misread, and the diagnostics pinned in
/// `Fixtures/invalid/<name>.txt`. Set `TREATY_UPDATE_SNAPSHOTS=1` to rewrite the snapshots.
@Suite struct SchemaLoaderErrorTests {
    @Test(
        "refused shapes give located, pinned diagnostics",
        arguments: [
            "legacy", "nested-options", "bad-type", "relation-by-name", "syntax", "single", "string", "wrapped",
        ])
    func pinned(name: String) throws {
        let text = try Fixtures.text("invalid/\(name).json")
        let result = PocketBaseSchemaLoader().load(text: text, file: "invalid/\(name).json")
        let rendered = DiagnosticRenderer().render(result.diagnostics)
        let snapshot = Fixtures.path("invalid/\(name).txt")
        if ProcessInfo.processInfo.environment["TREATY_UPDATE_SNAPSHOTS"] == "1" {
            try rendered.write(toFile: snapshot, atomically: true, encoding: .utf8)
        }
        #expect(rendered == (try Fixtures.text("invalid/\(name).txt")))
    }

    @Test("the pre-0.23 'schema' shape is an error, so get() throws with it")
    func legacyThrows() throws {
        let text = try Fixtures.text("invalid/legacy.json")
        let result = PocketBaseSchemaLoader().load(text: text, file: "legacy.json")
        #expect(throws: PocketBaseSchemaError.self) { try result.get() }
        do {
            _ = try result.get()
        } catch {
            #expect(error.diagnostics.map(\.rule) == ["pocketbase-legacy-schema"])
            #expect(
                error.description.hasPrefix(
                    "legacy.json:6:5: error: [pocketbase-legacy-schema] 'schema' is the pre-0.23 name of 'fields'"))
        }
    }

    @Test("unknown keys are warnings: the collections still load")
    func warningsStillLoad() throws {
        let result = PocketBaseSchemaLoader().load(
            text: try Fixtures.text("invalid/wrapped.json"), file: "wrapped.json")
        #expect(result.diagnostics.map(\.severity) == [.warning])
        let collections = try result.get()
        #expect(collections.first?.fields.map(\.name) == ["id", "published"])
    }

    @Test("a missing file is reported, not thrown")
    func missingFile() {
        let result = PocketBaseSchemaLoader().load(fileAt: "/nonexistent/pb_schema.json")
        #expect(
            DiagnosticRenderer().render(result.diagnostics)
                == "/nonexistent/pb_schema.json: error: [unreadable-file] cannot read the collections file: it does not exist\n  fix: pass the pb_schema.json exported from PocketBase (Settings → Export collections)\n"
        )
    }

    @Test("an export without auth system fields gets them, as PocketBase's import does")
    func normalizes() throws {
        let text = #"[{"id":"pbc_9","name":"people","type":"auth","fields":[{"name":"nick","type":"text"}]}]"#
        let people = try #require(try PocketBaseSchemaLoader().load(text: text, file: "people.json").get().first)
        #expect(
            people.fields.map(\.name) == ["id", "nick", "password", "tokenKey", "email", "emailVisibility", "verified"])
        #expect(
            people.indexes == [
                "CREATE UNIQUE INDEX `idx_tokenKey_pbc_9` ON `people` (`tokenKey`)",
                "CREATE UNIQUE INDEX `idx_email_pbc_9` ON `people` (`email`) WHERE `email` != ''",
            ])
        #expect(people.auth == .defaults)
    }
}
