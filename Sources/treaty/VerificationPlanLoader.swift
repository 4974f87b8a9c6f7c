import ArgumentParser
import Foundation
import TreatyCore
import TreatyDialectKit
import TreatyVerifier

/// What `treaty verify` runs for one contract: the contract, the backend the simulator serves
/// (none against a live target) and its suites.
struct VerificationPlan: Sendable {
    let contract: Contract
    /// The contract's schema, decoded once by its dialect.
    let schema: any DialectSchema
    let backend: SimulatedBackend?
    let suites: [VerificationSuite]
}

/// Loads the contracts, the dialects' backends and the scenario files a verify run needs,
/// printing diagnostics and refusing (exit 2) when any of them is unusable.
enum VerificationPlanLoader {
    static func load(
        contracts paths: [String], fixtures: String?, environment: VerificationEnvironment,
        dialectArguments: [String] = []
    ) throws -> [VerificationPlan] {
        // Every dialect option must belong to some dialect; each plan takes its own dialect's.
        try DialectLookup.requireVerifyArgumentsClaimed(dialectArguments)
        let files = paths.isEmpty ? DialectLookup.contractLoader.loadAll(paths: ["Contracts"]).map(\.file) : paths
        guard !files.isEmpty else {
            Console.standardError.write("error: no contract found under Contracts/; pass --contract FILE\n")
            throw Status.unusableInput
        }
        if fixtures != nil && files.count > 1 {
            Console.standardError.write("error: --fixtures needs exactly one --contract\n")
            throw Status.unusableInput
        }
        return try files.sorted().map { path in
            let loaded = try ContractSelection.load(path)
            let plugin = try DialectLookup.plugin(for: loaded.contract, file: loaded.file)
            let schema = try DialectLookup.schema(plugin, of: loaded.contract, file: loaded.file)
            var backend: SimulatedBackend?
            if !environment.isLive {
                let directory = try fixtureDirectory(fixtures, api: loaded.contract.api)
                backend = try DialectLookup.backend(
                    schema.makeBackend(BackendSetup(contract: loaded.contract, fixtures: directory)),
                    what: "the fixtures of \(loaded.file)")
            }
            var suites: [VerificationSuite]
            do {
                suites = try schema.suites(environment: environment, arguments: dialectArguments)
            } catch {
                Console.standardError.write("error: \(error)\n")
                throw Status.unusableInput
            }
            let directory = URL(fileURLWithPath: loaded.file).deletingLastPathComponent().path
            for result in ScenarioLoader().loadDirectory(relative(directory + "/suites")) {
                Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
                guard let suite = result.suite else {
                    Console.standardError.write("error: the scenario files have errors; fix them first\n")
                    throw Status.unusableInput
                }
                suites.append(suite)
            }
            return VerificationPlan(contract: loaded.contract, schema: schema, backend: backend, suites: suites)
        }
    }

    /// The fixture directory to load (see ``FixtureSelection``); an explicit `--fixtures`
    /// must be a directory.
    private static func fixtureDirectory(_ explicit: String?, api: String) throws -> String? {
        if let explicit, let problem = PathCheck.problem(explicit, expected: .directory) {
            Console.standardError.write(
                "error: cannot use the fixture directory \(explicit): \(problem)\n"
                    + "  fix: pass --fixtures with the folder holding the fixture files\n")
            throw Status.unusableInput
        }
        return FixtureSelection.directory(explicit, api: api)
    }

    /// `path` relative to the working directory when it is inside it.
    static func relative(_ path: String) -> String {
        let base = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
