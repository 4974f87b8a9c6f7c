import ArgumentParser
import Foundation
import TreatyCore
import TreatyDialectKit

/// `treaty init [--dialect D] [--from FILE] [--api NAME] [DIR]`: a new project whose contract,
/// fixtures and scenario pass `treaty lint` and `treaty verify` at once, with an app package
/// testing it through TreatyTesting and a CI workflow.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a project: a contract, fixtures, a scenario, a test package and a CI workflow.",
        discussion: """
            Writes into DIR (default: the current directory, which must hold no Contracts/, \
            Fixtures/, Package.swift or .github/workflows/treaty.yml): Contracts/<api>/contract.yaml \
            and a scenario in Contracts/<api>/suites/, Fixtures/<api>/, a Package.swift whose test \
            target runs the contract through TreatyTesting, and .github/workflows/treaty.yml (treaty \
            verify against the simulator on every push, and nightly against the TREATY_TARGET \
            secret). Without --from the contract is the dialect's small, commented starter; with \
            --from FILE it is drafted by the importer of the dialect that reads FILE (see 'treaty \
            import --help'), with fixtures from the file's examples. Then run 'swift run treaty \
            verify' and 'swift test' there. Exit 0 when written and the contract lints clean, 1 \
            when lint finds errors in a drafted contract, 2 when the input is unusable or DIR \
            already holds a project.
            """
    )

    @Option(
        help: ArgumentHelp(
            "The contract's dialect: \(DialectLookup.registry.plugins.map(\.id.rawValue).joined(separator: ", ")) (default: the one whose importer reads --from, else \(DialectLookup.registry.plugins.first?.id.rawValue ?? "none")).",
            valueName: "dialect"))
    var dialect: String?

    @Option(help: "Draft the contract from this file with the dialect's importer instead of the starter.")
    var from: String?

    @Option(help: "The contract's api name (default: from --from's file, else DIR's name).")
    var api: String?

    @Option(help: "Depend on the Treaty checkout at this path instead of the published package.")
    var treatyPath: String?

    @Option(help: "Depend on the Treaty package at this URL (default: the published package).")
    var treatyURL: String?

    @Argument(help: "The directory to write the project into (created when absent).")
    var directory: String = "."

    func run() throws {
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        let plugin = try chosenPlugin()
        try refuseExistingProject(at: root)
        var files: [ImportedFile]
        let contractAPI: String
        if let from {
            (files, contractAPI) = try imported(from, by: plugin)
        } else {
            let name = api ?? Self.apiName(from: root.lastPathComponent)
            guard Self.isUsableAPI(name) else {
                Console.standardError.write(
                    "error: '\(name)' cannot name a contract\n  fix: pass --api NAME (letters, digits, '-' and '_')\n")
                throw Status.unusableInput
            }
            files = plugin.starter(api: name)
            contractAPI = name
            guard !files.isEmpty else {
                Console.standardError.write(
                    "error: the \(plugin.id) dialect has no starter contract\n  fix: pass --from FILE to draft one\n")
                throw Status.unusableInput
            }
        }
        let scaffold = InitScaffold(
            api: contractAPI, treaty: treatySource,
            liveVariables: plugin.environmentVariables.map(\.name))
        files += scaffold.files.map { ImportedFile(relativePath: $0.path, text: $0.text) }
        try write(files, under: root)
        let contractPath = root.appendingPathComponent("Contracts/\(contractAPI)/contract.yaml").path
        let findings = try lintAndAddScenario(contractPath, api: contractAPI, plugin: plugin, root: root)
        let shown = directory == "." ? "" : "cd '\(directory)' && "
        let fixtures = files.contains { $0.relativePath.hasPrefix("Fixtures/") } ? "Fixtures/\(contractAPI)/, " : ""
        Console.standardOutput.write(
            "treaty: started \(contractAPI) (\(plugin.id)) in \(root.path): Contracts/\(contractAPI)/, \(fixtures)"
                + "Package.swift with \(scaffold.testTarget), .github/workflows/treaty.yml\n"
                + "  next: \(shown)swift run treaty verify && swift test\n")
        if findings.containsErrors { throw Status.findings }
    }

    private var treatySource: InitScaffold.TreatySource {
        if let treatyPath { return .path(URL(fileURLWithPath: treatyPath).standardizedFileURL.path) }
        if let treatyURL { return .url(treatyURL, from: "0.1.0") }
        return InitScaffold.publishedTreaty
    }

    /// `--dialect`'s plugin, else the one whose importer reads `--from`'s extension, else the
    /// registry's first.
    private func chosenPlugin() throws -> any DialectPlugin {
        if let dialect { return try DialectLookup.plugin(named: DialectID(rawValue: dialect)) }
        guard let from else {
            guard let first = DialectLookup.registry.plugins.first else { throw Status.unusableInput }
            return first
        }
        let fileExtension = URL(fileURLWithPath: from).pathExtension.lowercased()
        let readers = DialectLookup.registry.plugins.filter { plugin in
            plugin.importers.contains { $0.fileExtensions.contains(fileExtension) }
        }
        guard readers.count == 1, let reader = readers.first else {
            let readable = DialectLookup.registry.plugins.filter { !$0.importers.isEmpty }.map(\.id.rawValue)
            Console.standardError.write(
                "\(from): error: \(readers.isEmpty ? "no" : "more than one") dialect's importer reads .\(fileExtension) files\n"
                    + "  fix: pass --dialect (one of: \(readable.joined(separator: ", ")))\n")
            throw Status.unusableInput
        }
        return reader
    }

    /// Refuses (exit 2) a directory that already holds a project.
    private func refuseExistingProject(at root: URL) throws {
        let taken = ["Contracts", "Fixtures", "Package.swift", ".github/workflows/treaty.yml"].filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
        guard !taken.isEmpty else { return }
        Console.standardError.write(
            "\(root.path): error: the directory already holds \(taken.joined(separator: ", ")); nothing was written\n"
                + "  fix: run treaty init in an empty directory, or pass another DIR\n")
        throw Status.unusableInput
    }

    /// The files an import of `path` drafts: the contract and its fixtures.
    private func imported(_ path: String, by plugin: any DialectPlugin) throws -> ([ImportedFile], String) {
        let fileExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard
            let importer = plugin.importers.first(where: { $0.fileExtensions.contains(fileExtension) })
                ?? plugin.importers.first
        else {
            Console.standardError.write(
                "error: the \(plugin.id) dialect imports nothing\n  fix: leave out --from for its starter contract\n")
            throw Status.unusableInput
        }
        let result = importer.importContract(fileAt: path, api: api)
        Console.standardError.write(DiagnosticRenderer().render(result.diagnostics.filter { $0.severity != .note }))
        guard let text = result.contractText, !result.diagnostics.containsErrors else {
            Console.standardError.write("error: nothing was imported from \(path)\n")
            throw Status.unusableInput
        }
        let files =
            [ImportedFile(relativePath: "Contracts/\(result.api)/contract.yaml", text: text)]
            + result.fixtures.map {
                ImportedFile(relativePath: "Fixtures/\(result.api)/\($0.relativePath)", text: $0.text)
            }
        return (files, result.api)
    }

    private func write(_ files: [ImportedFile], under root: URL) throws {
        do {
            for file in files {
                let url = root.appendingPathComponent(file.relativePath)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url)
            }
        } catch {
            Console.standardError.write("\(root.path): error: cannot write the project: \(error)\n")
            throw Status.unusableInput
        }
    }

    /// Lints the written contract, printing the findings, and adds the dialect's scenario for an
    /// imported contract (a starter brings its own).
    private func lintAndAddScenario(_ contractPath: String, api: String, plugin: any DialectPlugin, root: URL) throws
        -> [Diagnostic]
    {
        let loaded = DialectLookup.contractLoader.load(fileAt: contractPath)
        var findings = loaded.diagnostics
        if let contract = loaded.contract {
            findings += ContractLinter().lint(contract, sourceText: loaded.text)
            if from != nil, !findings.containsErrors, let scenario = plugin.starterScenario(for: contract) {
                try write(
                    [
                        ImportedFile(
                            relativePath: "Contracts/\(api)/suites/\(scenario.relativePath)", text: scenario.text)
                    ],
                    under: root)
            }
        }
        Console.standardError.write(DiagnosticRenderer().render(findings))
        return findings
    }

    /// A directory name as an api name: lower-case words joined by `-`, or `app`.
    static func apiName(from directoryName: String) -> String {
        let words = directoryName.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let name = words.joined(separator: "-")
        return isUsableAPI(name) && name.first?.isLetter == true ? name : "app"
    }

    /// Whether `name` can name a contract and its folders.
    static func isUsableAPI(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
