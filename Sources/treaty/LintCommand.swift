import ArgumentParser
import TreatyCore
import TreatyDialectKit
import TreatyVerifier

/// `treaty lint [PATH…]`: loads every contract and checks that it is consistent.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Load contracts and check that each is consistent.",
        discussion: """
            Checks that relation targets exist, keys follow the naming convention and the \
            relation key forms, path parameters match scope keys, endpoints reference known \
            resources and no two endpoints collide; the dialect's own files a contract names (a schema \
            export, layouts, …) are loaded and checked too, and every accepted survivor of \
            'mutation:' must name a mutant of the contract (a warning otherwise). Exit 0 when clean, 1 on findings, 2 when a \
            file cannot be read as YAML or JSON.
            """
    )

    @Argument(help: "Contract files or directories (searched recursively, skipping suites/).")
    var paths: [String] = ["Contracts"]

    @Flag(help: "Treat warnings as findings (exit 1).")
    var strict = false

    func run() throws {
        let results = DialectLookup.contractLoader.loadAll(paths: paths)
        let linter = ContractLinter()
        var diagnostics: [Diagnostic] = []
        for result in results {
            diagnostics += result.diagnostics
            if let contract = result.contract {
                diagnostics += linter.lint(contract, sourceText: result.text)
                if let plugin = DialectLookup.registry.plugin(for: contract.dialect) {
                    let decoded = plugin.decodeSchema(of: contract)
                    diagnostics += decoded.diagnostics
                    if let schema = decoded.schema, !contract.acceptedMutants.isEmpty {
                        diagnostics += MutationRunner.acceptanceDiagnostics(
                            of: contract, mutants: schema.mutationAnatomy().mutants())
                    }
                }
            }
        }
        Console.standardOutput.write(DiagnosticRenderer().render(diagnostics))
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        let files = results.count
        Console.standardOutput.write(
            "linted \(files) contract file\(files == 1 ? "" : "s"): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n")
        if results.contains(where: \.isUnreadable) { throw Status.unusableInput }
        if errors > 0 || (strict && warnings > 0) { throw Status.findings }
    }
}
