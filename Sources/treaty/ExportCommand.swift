import ArgumentParser
import Foundation
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON
import TreatyPersistence

/// `treaty export`: writes what a server holds in a form the other commands read.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export state kept by 'treaty serve --persist', or a contract's API as OpenAPI.",
        subcommands: [ExportFixturesCommand.self, ExportOpenAPICommand.self]
    )
}

/// `treaty export fixtures --persist DIR --out Fixtures/<set>`: the persisted records as a
/// fixture set that `treaty serve --fixtures` and `treaty check` read.
struct ExportFixturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixtures",
        abstract: "Write the records persisted in a --persist directory as a fixture set.",
        discussion: """
            Reads the state in DIR (as 'treaty serve --persist DIR' left it, also while it runs; \
            nothing in DIR changes) and writes it to --out in the dialect's fixture format (rest-sync: \
            every record, tombstones included, with its version and times; what the other dialects \
            leave out is in the Persistence article), so 'treaty serve --fixtures OUT' starts where \
            the persisted server stood and 'treaty check --resource R OUT/R.json' \
            judges it. --out must not exist or be empty. Exit 0 when written, 2 when the contract, \
            DIR or --out is unusable or the dialect cannot export fixtures.
            """
    )

    @Option(help: "The contract file or its directory (default: the only contract under Contracts/).")
    var contract: String?

    @Option(help: "The directory 'treaty serve --persist' keeps its state in.")
    var persist: String

    @Option(help: "The fixture directory to write (must not exist, or be empty).")
    var out: String

    @Argument(parsing: .allUnrecognized, help: "The dialect's own options, as for 'treaty serve'.")
    var dialectArguments: [String] = []

    func run() throws {
        let loaded = try ContractSelection.load(contract)
        let plugin = try DialectLookup.plugin(for: loaded.contract, file: loaded.file)
        let setup = BackendSetup(contract: loaded.contract, fixtures: nil, seed: 0)
        let backend = try DialectLookup.backend(
            of: plugin, setup, arguments: dialectArguments, what: "the \(plugin.id) setup (contract or options)")
        guard let export = backend.exportFixtures else {
            Console.standardError.write(
                "\(loaded.file): error: the \(plugin.id) dialect cannot export fixtures yet\n")
            throw Status.unusableInput
        }
        let read: (store: RecordStore, dropped: RecoveryReport.DroppedTail?)
        do {
            read = try PersistentStore.read(directory: persist, contract: backend.contract)
        } catch {
            Console.standardError.write("\(error)\n")
            throw Status.unusableInput
        }
        if let dropped = read.dropped {
            Console.standardError.write(
                "\(dropped.file): warning: left out bytes \(dropped.bytes.lowerBound)..<\(dropped.bytes.upperBound) of a damaged log tail\n")
        }
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        guard existing.isEmpty else {
            Console.standardError.write("\(out): error: the directory is not empty; nothing was written\n  fix: pass a new directory to --out\n")
            throw Status.unusableInput
        }
        let files = export(read.store)
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            for file in files {
                let url = URL(fileURLWithPath: out).appendingPathComponent(file.relativePath)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents).write(to: url)
            }
        } catch {
            Console.standardError.write("\(out): error: cannot write the fixtures: \(error)\n")
            throw Status.unusableInput
        }
        let records = files.reduce(0) { $0 + ((try? JSONParser().parse($1.contents))?.arrayValue?.count ?? 0) }
        Console.standardOutput.write(
            "treaty: exported \(records) record\(records == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s") to \(FixtureSelection.shown(out))\n")
    }
}
