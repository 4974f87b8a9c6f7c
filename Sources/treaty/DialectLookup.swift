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

    /// The backend `plugin` loads for `setup` with the dialect's own `arguments`, printing every
    /// diagnostic; refuses (exit 2) a bad option or a load with errors, naming `what` was loaded.
    static func backend(
        of plugin: any DialectPlugin, _ setup: BackendSetup, arguments: [String], what: String
    ) throws -> SimulatedBackend {
        let built: BackendLoadResult
        do {
            built = try plugin.loadBackend(setup, arguments: arguments)
        } catch {
            Console.standardError.write("error: \(error)\n")
            throw Status.unusableInput
        }
        return try backend(built, what: what)
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

    /// Refuses (exit 2) `treaty verify` arguments that no dialect's
    /// ``TreatyDialectKit/DialectDescription/VerifyOptions`` declare, with each dialect's answer
    /// (ArgumentParser's, with its suggestion), and values a dialect cannot use.
    static func requireVerifyArgumentsClaimed(_ arguments: [String]) throws {
        guard !arguments.isEmpty else { return }
        var unclaimed = arguments
        do {
            for plugin in registry.plugins {
                let left = try unclaimedVerifyArguments(arguments, by: plugin)
                unclaimed = unclaimed.filter(left.contains)
            }
        } catch {
            Console.standardError.write("error: \(error)\n")
            throw Status.unusableInput
        }
        guard let first = unclaimed.first else { return }
        let answers = registry.plugins.compactMap { plugin in verifyAnswer(to: first, by: plugin) }
        Console.standardError.write(
            "error: no dialect takes '\(first)' in treaty verify\n" + answers.map { "  \($0)\n" }.joined())
        throw Status.unusableInput
    }

    /// The arguments `plugin`'s verify options leave.
    private static func unclaimedVerifyArguments<Plugin: DialectPlugin>(_ arguments: [String], by plugin: Plugin)
        throws -> [String]
    {
        do {
            return try Plugin.VerifyOptions.parsing(claimedFrom: arguments).unclaimed
        } catch {
            throw DialectSetupError("the \(plugin.id) dialect: \(error.message)")
        }
    }

    /// What `plugin`'s verify options say to `argument` alone, or `nil` when it takes none.
    private static func verifyAnswer<Plugin: DialectPlugin>(to argument: String, by plugin: Plugin) -> String? {
        guard Plugin.VerifyOptions.self != NoDialectOptions.self else { return nil }
        do {
            _ = try Plugin.VerifyOptions.parsing([argument])
            return nil
        } catch {
            return "\(plugin.id): \(error.message)"
        }
    }
}
