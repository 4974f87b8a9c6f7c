import ArgumentParser
import TreatyCore
import TreatyDialectKit
import TreatyJSON

/// `treaty rules`: the rule catalogue, from code — every rule id of each dialect, its meaning,
/// whether `treaty check` judges it, the generated cases that name it and its broken backends;
/// with `--clauses`, the clause → case map: each sentence of the dialect's spec that states a
/// server behaviour and the generated cases that fail when a server breaks it.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: its meaning, whether 'treaty check' judges it, its cases and broken backends.",
        discussion: """
            The generated cases are those 'treaty verify' generates for the contracts given with \
            --contract (default: every contract under Contracts/); a rule a contract gives nothing to \
            prove (an order field, a version) lists none. The broken backends are the cases of the \
            dialect's breakage matrix in Treaty's own tests, each failing the generated suites with \
            the rule's id. With --clauses, the clause → case map instead: every sentence of the \
            dialect's spec that states a server behaviour, and the generated cases that fail when a \
            server breaks it (or why no case can). Exit 0, or 2 when a dialect or contract is unusable.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, json
    }

    @Option(help: "Only this dialect's rules (see 'treaty dialects').")
    var dialect: String?

    @Option(name: .customLong("contract"), help: "A contract whose generated cases to list (repeatable; default: every contract under Contracts/).")
    var contracts: [String] = []

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .markdown

    @Flag(help: "Show the clause → case map of each dialect's spec instead of the rules.")
    var clauses = false

    func run() throws {
        let plugins = try selectedPlugins()
        let contracts = try loadContracts()
        var sections: [(markdown: String, json: JSONValue)] = []
        for plugin in plugins {
            var suites: [VerificationSuite] = []
            for loaded in contracts where loaded.contract.dialect == plugin.id {
                let schema = try DialectLookup.schema(plugin, of: loaded.contract, file: loaded.file)
                do {
                    suites += try schema.suites(environment: VerificationEnvironment(isLive: false))
                } catch {
                    Console.standardError.write("\(loaded.file): error: \(error)\n")
                    throw Status.unusableInput
                }
            }
            if clauses {
                let coverage = ClauseCoverage(dialect: plugin.id, catalog: plugin.ruleCatalog, suites: suites)
                sections.append((coverage.markdown(), coverage.json()))
            } else {
                let coverage = RuleCoverage(dialect: plugin.id, catalog: plugin.ruleCatalog, suites: suites)
                sections.append((coverage.markdown(), coverage.json()))
            }
        }
        switch format {
        case .markdown:
            Console.standardOutput.write(sections.map(\.markdown).joined(separator: "\n"))
        case .json:
            let document = JSONValue.object([
                "contracts": .array(contracts.map { .string($0.file) }),
                "dialects": .array(sections.map(\.json)),
            ])
            Console.standardOutput.write(document.serialized(options: JSONWriteOptions(pretty: true)) + "\n")
        }
    }

    private func selectedPlugins() throws -> [any DialectPlugin] {
        guard let dialect else { return DialectLookup.registry.plugins }
        return [try DialectLookup.plugin(named: DialectID(rawValue: dialect))]
    }

    /// The contracts named, or every one under `Contracts/` (none when there is no such folder).
    private func loadContracts() throws -> [ContractSelection.Loaded] {
        let results =
            if contracts.isEmpty {
                PathCheck.problem("Contracts", expected: .directory) == nil ? DialectLookup.contractLoader.loadAll(paths: ["Contracts"]) : []
            } else {
                contracts.map { DialectLookup.contractLoader.load(fileAt: $0) }
            }
        return try results.map { result in
            guard let contract = result.contract else {
                Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
                Console.standardError.write("error: the contract \(result.file) has errors; fix them first (see 'treaty lint')\n")
                throw Status.unusableInput
            }
            return ContractSelection.Loaded(contract: contract, file: result.file)
        }
    }
}
