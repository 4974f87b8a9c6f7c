import Foundation
import Testing
import TreatyCore
import TreatyTestSupport

/// Sections a dialect owns (`collections:` for PocketBase): the loader keeps them for the
/// dialect, refuses them elsewhere, and a directory walk skips the files they name.
@Suite struct ContractLoaderSectionTests {
    @Test("the blog contract keeps its collections section as a located node and has no resources")
    func blog() throws {
        let result = ContractLoader(vocabulary: .treatyDialects).load(
            fileAt: DemoFiles.root + "/Contracts/blog/contract.yaml")
        let contract = try #require(result.contract, "\(result.diagnostics.rendered)")
        #expect(contract.dialect == DialectID(rawValue: "pocketbase"))
        #expect(contract.resources.isEmpty)
        let section = try #require(contract.sections["collections"])
        #expect(section.line == 10)
    }

    @Test("searching Contracts/ skips the schema file a contract names")
    func searchSkipsSchema() {
        let files = ContractLoader(vocabulary: .treatyDialects).loadAll(paths: [DemoFiles.root + "/Contracts"]).map(
            \.file)
        #expect(files.contains { $0.hasSuffix("blog/contract.yaml") })
        #expect(!files.contains { $0.hasSuffix("pb_schema.json") })
    }

    @Test("a section of another dialect is refused; a dialect with sections and no resources needs one")
    func misplacedSection() {
        func diagnostics(_ text: String) -> [String] {
            ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml").diagnostics.map {
                "\($0.location?.line ?? 0) \($0.rule.rawValue)"
            }
        }
        #expect(diagnostics("api: b\ndialect: rest-sync\ncollections: object.json\n") == ["3 invalid-value"])
        #expect(diagnostics("api: b\ndialect: pocketbase\n") == ["1 missing-key"])
    }

    @Test("the vocabulary decides the accepted ids and the sections")
    func vocabularyDecides() throws {
        let vocabulary = ContractVocabulary([.init(id: DialectID(rawValue: "toy"), sectionKeys: ["schema"])])
        let loaded = ContractLoader(vocabulary: vocabulary).load(
            text: "api: b\ndialect: toy\nschema: { a: 1 }\n", file: "contract.yaml")
        let contract = try #require(loaded.contract, "\(loaded.diagnostics.rendered)")
        #expect(contract.sections["schema"]?.line == 3)
        let unknown = ContractLoader(vocabulary: vocabulary).load(
            text: "api: b\ndialect: tyo\nschema: x\n", file: "c.yaml")
        #expect(unknown.diagnostics.map(\.rule.rawValue) == ["unknown-dialect"])
        #expect(unknown.diagnostics.first?.details == ["did you mean 'toy'?"])
    }

    @Test("an endpoint kind the contract's dialect does not serve is refused, naming the dialects that do")
    func unservedKind() {
        let text =
            "api: b\ndialect: filemaker\ndatabases: {}\nendpoints:\n  - { method: POST, path: /sync/upload, kind: sync_upload }\n"
        let rendered = DiagnosticRenderer().render(
            ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "c.yaml").diagnostics)
        #expect(
            rendered.contains(
                "error: [sync-upload] POST /sync/upload is a sync upload, which only the rest-sync dialect serves"))
        #expect(rendered.contains("fix: remove 'kind: sync_upload', or use 'dialect: rest-sync'"))
    }
}
