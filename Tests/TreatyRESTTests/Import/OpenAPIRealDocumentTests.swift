import Testing
import TreatyCore
import TreatyDialectKit
import TreatyREST
import TreatyTestSupport

/// The public documents in `../shared/openapi/` (read in place, never copied).
@Suite struct OpenAPIRealDocumentTests {
    @Test(
        "each real document imports to a contract that lints clean",
        .enabled(if: SharedOpenAPI.directory != nil, Comment(rawValue: SharedOpenAPI.absence)),
        arguments: [
            "asana.yaml", "coolify.yaml", "discord.json", "svix.json", "twilio-taskrouter.json", "xero-projects.yaml",
        ])
    func importsCleanly(name: String) throws {
        let result = OpenAPIImporter().importContract(fileAt: SharedOpenAPI.path(name), api: nil)
        #expect(
            !result.diagnostics.containsErrors,
            "\(DiagnosticRenderer().render(result.diagnostics.filter { $0.severity == .error }))")
        let (contract, findings) = OpenAPIImportHarness.lint(result)
        #expect(findings.filter { $0.severity == .error }.isEmpty, "\(DiagnosticRenderer().render(findings))")
        let draft = try #require(contract)
        #expect(!draft.resources.isEmpty)
        #expect(!draft.endpoints.isEmpty)
    }
}
