import ArgumentParser
import Foundation
import TreatyCore
import TreatyDialectKit
import TreatyJSON

/// `treaty export openapi --contract C [--out FILE]`: the contract's API as its dialect serves
/// it, as an OpenAPI 3.1 document.
struct ExportOpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Write the contract's API, as its dialect serves it, as an OpenAPI 3.1 document.",
        discussion: """
            The document describes the contract's resources and endpoints in the dialect's wire \
            format, for generating clients (swift-openapi-generator) and for other OpenAPI tools. \
            It is JSON (YAML reads it too), written to --out or to standard output. Exit 0 when \
            written, 2 when the contract is unusable or its dialect cannot describe itself in OpenAPI.
            """
    )

    @Option(help: "The contract file or its directory (default: the only contract under Contracts/).")
    var contract: String?

    @Option(help: "The file to write (default: standard output).")
    var out: String?

    func run() throws {
        let loaded = try ContractSelection.load(contract)
        let plugin = try DialectLookup.plugin(for: loaded.contract, file: loaded.file)
        guard let document = plugin.openAPIDocument(of: loaded.contract) else {
            Console.standardError.write("\(loaded.file): error: the \(plugin.id) dialect cannot export OpenAPI yet\n")
            throw Status.unusableInput
        }
        let bytes = document.serializedBytes(options: JSONWriteOptions(pretty: true)) + [0x0A]
        guard let out else {
            Console.standardOutput.write(String(decoding: bytes, as: UTF8.self))
            return
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: out))
        } catch {
            Console.standardError.write("\(out): error: cannot write the document: \(error)\n")
            throw Status.unusableInput
        }
        Console.standardOutput.write("treaty: wrote the OpenAPI 3.1 document of \(loaded.contract.api) to \(out)\n")
    }
}
