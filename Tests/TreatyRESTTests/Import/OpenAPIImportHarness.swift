import Foundation
import TreatyCore
import TreatyDialectKit
import TreatyREST
import TreatyTestSupport

/// Imports small OpenAPI documents written to temporary files, and loads and lints the drafts.
enum OpenAPIImportHarness {
    /// The import of `text`, saved as a file named `name`.
    static func importing(_ text: String, name: String = "api.yaml") throws -> ContractImport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "treaty-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return OpenAPIImporter().importContract(fileAt: file.path, api: nil)
    }

    /// The draft loaded as a contract, and every load and lint finding.
    static func lint(_ result: ContractImport) -> (contract: Contract?, findings: [Diagnostic]) {
        guard let text = result.contractText else { return (nil, []) }
        let loaded = ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "draft.yaml")
        let findings = loaded.diagnostics + (loaded.contract.map { ContractLinter().lint($0, sourceText: text) } ?? [])
        return (loaded.contract, findings)
    }

    /// The draft's line that declares `key` (trimmed), if any.
    static func line(_ key: String, in result: ContractImport) -> String? {
        result.contractText?.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix(key + ":") }
    }
}
