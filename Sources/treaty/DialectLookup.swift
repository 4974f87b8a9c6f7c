import ArgumentParser
import TreatyCore
import TreatyDialectKit
import TreatyDialects

/// Finds the plugin of a dialect in the standard registry, printing why it cannot (exit 2).
enum DialectLookup {
    static let registry = DialectRegistry.standard

    /// A contract loader that accepts the registry's dialects and their sections.
    static let contractLoader = ContractLoader(vocabulary: registry.contractVocabulary)

    /// The plugin serving `contract`'s dialect.
    static func plugin(for contract: Contract, file: String) throws -> any DialectPlugin {
        try plugin(named: contract.dialect, file: file)
    }

    /// The plugin of dialect `id`.
    static func plugin(named id: DialectID, file: String? = nil) throws -> any DialectPlugin {
        do {
            return try registry.requirePlugin(for: id)
        } catch {
            Console.standardError.write("\(file.map { "\($0): " } ?? "")error: \(error)\n")
            throw Status.unusableInput
        }
    }

    /// The schema `plugin` decodes from `contract`, printing its diagnostics; refuses (exit 2)
    /// when they hold an error.
    static func schema(_ plugin: any DialectPlugin, of contract: Contract, file: String) throws -> any DialectSchema {
        let decoded = plugin.decodeSchema(of: contract)
        Console.standardError.write(DiagnosticRenderer().render(decoded.diagnostics))
        guard let schema = decoded.schema else {
            Console.standardError.write("error: the \(plugin.id) files of \(file) have errors; fix them first\n")
            throw Status.unusableInput
        }
        return schema
    }

    /// The backend of a load, printing every diagnostic; refuses (exit 2) when it has errors.
    static func backend(_ result: BackendLoadResult, what: String) throws -> SimulatedBackend {
        Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
        guard let backend = result.backend else {
            Console.standardError.write("error: \(what) have errors; fix them first\n")
            throw Status.unusableInput
        }
        return backend
    }
}
