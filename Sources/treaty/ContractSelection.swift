import ArgumentParser
import TreatyCore

/// Finds and loads the contract a command works on, printing diagnostics when it cannot.
enum ContractSelection {
    struct Loaded {
        let contract: Contract
        let file: String
    }

    /// Loads `path`, or the only contract under `Contracts/` when `path` is nil. With several
    /// contracts there, the only one that is `usable` for the command (e.g. declares resources)
    /// is taken.
    ///
    /// - Throws: exit status 2 after printing why, when no usable contract is found.
    static func load(_ path: String?, usable: (Contract) -> Bool = { _ in true }) throws -> Loaded {
        let renderer = DiagnosticRenderer()
        let result: ContractLoadResult
        if let path {
            result = DialectLookup.contractLoader.load(fileAt: path)
        } else {
            let all = DialectLookup.contractLoader.loadAll(paths: ["Contracts"])
            let candidates = all.count > 1 ? all.filter { $0.contract.map(usable) ?? true } : all
            guard candidates.count == 1, let only = candidates.first else {
                let found = all.map(\.file).joined(separator: ", ")
                Console.standardError.write(
                    "error: pass --contract FILE (found \(all.count) contract files under Contracts/\(found.isEmpty ? "" : ": " + found))\n")
                throw Status.unusableInput
            }
            result = only
        }
        Console.standardError.write(renderer.render(result.diagnostics.filter { $0.severity != .error }))
        guard let contract = result.contract else {
            Console.standardError.write(renderer.render(result.diagnostics.filter { $0.severity == .error }))
            Console.standardError.write("error: the contract \(result.file) has errors; fix them first (see 'treaty lint')\n")
            throw Status.unusableInput
        }
        let findings = ContractLinter().lint(contract, sourceText: result.text)
        if findings.containsErrors {
            Console.standardError.write(renderer.render(findings))
            Console.standardError.write("error: the contract \(result.file) is inconsistent; fix it first (see 'treaty lint')\n")
            throw Status.unusableInput
        }
        return Loaded(contract: contract, file: result.file)
    }
}
