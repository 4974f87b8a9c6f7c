import Testing
import TreatyCore
import TreatyTestSupport

extension ContractLoader {
    /// The rendered diagnostics of loading `text` as `file`, one block per diagnostic, joined by
    /// newlines (no trailing newline).
    func renderedDiagnostics(text: String, file: String = "contract.yaml") -> String {
        load(text: text, file: file).diagnostics.rendered
    }
}

extension ContractLinter {
    /// Loads `text`, which must load without errors, and renders the lint findings with snippets.
    func renderedFindings(text: String, file: String = "contract.yaml") throws -> String {
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: text, file: file)
        let contract = try #require(result.contract, "the contract must load:\n\(result.diagnostics.rendered)")
        return lint(contract, sourceText: result.text).rendered
    }
}

extension [Diagnostic] {
    /// Each diagnostic rendered by ``DiagnosticRenderer``, joined by newlines.
    var rendered: String {
        map { DiagnosticRenderer().render($0) }.joined(separator: "\n")
    }
}
