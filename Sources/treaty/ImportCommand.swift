import ArgumentParser
import Foundation
import TreatyCore
import TreatyDialectKit

/// `treaty import FORMAT FILE [--out Contracts/<api>/]`: a draft contract from a description a
/// team already has, by the importer a dialect offers for FORMAT.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Draft a contract from an existing description (e.g. 'treaty import openapi api.yaml').",
        discussion: """
            FORMAT selects the importer a dialect offers (run 'treaty import --help' for the \
            list). The draft is written to --out (default Contracts/<api>/) as contract.yaml, with \
            '# review:' comments where the input cannot say what the contract needs, and fixtures \
            drafted from examples go to --fixtures (default Fixtures/<api>/). The draft is then \
            linted. Everything left out is reported with its place in the input (notes with \
            --verbose). Exit 0 when the draft is written and lints clean, 1 when lint finds errors in \
            it, 2 when the input is unusable or --out already holds a contract.
            """
    )

    @Argument(
        help:
            "The input format: \(DialectLookup.registry.plugins.flatMap(\.importers).map(\.format).joined(separator: ", "))."
    )
    var format: String

    @Argument(help: "The file to import.")
    var file: String

    @Option(help: "The contract's api name (default: from the document's title).")
    var api: String?

    @Option(help: "The directory to write contract.yaml to (default: Contracts/<api>/).")
    var out: String?

    @Option(help: "The directory to write fixtures drafted from examples to (default: Fixtures/<api>/).")
    var fixtures: String?

    @Flag(help: "Also print the notes: every part of the input left out, with its JSON pointer.")
    var verbose = false

    func run() throws {
        let importers = DialectLookup.registry.plugins.flatMap(\.importers)
        guard let importer = importers.first(where: { $0.format == format }) else {
            Console.standardError.write(
                "error: no importer reads '\(format)'\n  fix: use one of: \(importers.map(\.format).joined(separator: ", "))\n"
            )
            throw Status.unusableInput
        }
        let result = importer.importContract(fileAt: file, api: api)
        let shown = verbose ? result.diagnostics : result.diagnostics.filter { $0.severity != .note }
        Console.standardError.write(DiagnosticRenderer().render(shown))
        guard let text = result.contractText, !result.diagnostics.containsErrors else {
            Console.standardError.write("error: nothing was imported from \(file)\n")
            throw Status.unusableInput
        }
        let directory = out ?? "Contracts/\(result.api)"
        let contractPath = URL(fileURLWithPath: directory).appendingPathComponent("contract.yaml").path
        guard !FileManager.default.fileExists(atPath: contractPath) else {
            Console.standardError.write(
                "\(contractPath): error: a contract is already there; nothing was written\n  fix: pass another --out\n")
            throw Status.unusableInput
        }
        let fixtureDirectory = fixtures ?? "Fixtures/\(result.api)"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: contractPath))
            if !result.fixtures.isEmpty {
                try FileManager.default.createDirectory(atPath: fixtureDirectory, withIntermediateDirectories: true)
                for fixture in result.fixtures {
                    try Data(fixture.text.utf8).write(
                        to: URL(fileURLWithPath: fixtureDirectory).appendingPathComponent(fixture.relativePath))
                }
            }
        } catch {
            Console.standardError.write("\(directory): error: cannot write the draft: \(error)\n")
            throw Status.unusableInput
        }
        let loaded = DialectLookup.contractLoader.load(fileAt: contractPath)
        var findings = loaded.diagnostics
        if let contract = loaded.contract { findings += ContractLinter().lint(contract, sourceText: text) }
        Console.standardError.write(DiagnosticRenderer().render(findings))
        let counts = result.counts.map { "\($0.value) \($0.what)" }.joined(separator: ", ")
        Console.standardOutput.write(
            "treaty: drafted \(contractPath) (\(counts))"
                + (result.fixtures.isEmpty
                    ? ""
                    : " and \(result.fixtures.count) fixture file\(result.fixtures.count == 1 ? "" : "s") in \(fixtureDirectory)")
                + "\n")
        if findings.containsErrors { throw Status.findings }
    }
}
