import ArgumentParser
import Foundation
import TreatyCore
import TreatyDialect
import TreatyPocketBase
import TreatyVerifier

/// What `treaty verify` runs for one contract: the contract, its fixtures and its suites.
struct VerificationPlan: Sendable {
    let contract: Contract
    let fixtures: FixtureSet
    let suites: [VerificationSuite]
}

/// Loads the contracts, fixtures and scenario files a verify run needs, printing diagnostics and
/// refusing (exit 2) when any of them is unusable.
enum VerificationPlanLoader {
    static func load(
        contracts paths: [String], fixtures: String?, needsFixtures: Bool, generator: SuiteGenerator = SuiteGenerator()
    ) throws -> [VerificationPlan] {
        let files = paths.isEmpty ? ContractLoader().loadAll(paths: ["Contracts"]).map(\.file) : paths
        guard !files.isEmpty else {
            Console.standardError.write("error: no contract found under Contracts/; pass --contract FILE\n")
            throw Status.unusableInput
        }
        if fixtures != nil && files.count > 1 {
            Console.standardError.write("error: --fixtures needs exactly one --contract\n")
            throw Status.unusableInput
        }
        return try files.sorted().map { file in
            let loaded = try ContractSelection.load(file)
            let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
            let fixtureSet = needsFixtures ? try loadFixtures(fixtures ?? "Fixtures/\(loaded.contract.api)", for: loaded.contract, explicit: fixtures != nil) : FixtureSet()
            try checkCollections(of: loaded.contract)
            var suites = generator.suites(for: loaded.contract)
            let scenarioDirectory = relative(directory + "/suites")
            for result in ScenarioLoader().loadDirectory(scenarioDirectory) {
                Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
                guard let suite = result.suite else {
                    Console.standardError.write("error: the scenario files have errors; fix them first\n")
                    throw Status.unusableInput
                }
                suites.append(suite)
            }
            return VerificationPlan(contract: loaded.contract, fixtures: fixtureSet, suites: suites)
        }
    }

    /// Refuses (exit 2) a PocketBase contract whose collections file has errors, printing them.
    private static func checkCollections(of contract: Contract) throws {
        guard let file = contract.collections else { return }
        let result = PocketBaseSchemaLoader().load(fileAt: file.path)
        Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
        guard !result.hasErrors else {
            Console.standardError.write("error: the collections in \(file.path) have errors; fix them first\n")
            throw Status.unusableInput
        }
    }

    private static func loadFixtures(_ directory: String, for contract: Contract, explicit: Bool) throws -> FixtureSet {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            if explicit {
                Console.standardError.write("error: the fixture directory \(directory) does not exist\n")
                throw Status.unusableInput
            }
            return FixtureSet()
        }
        let result = FixtureLoader().load(directory: directory, for: contract)
        Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
        guard let set = result.fixtures else {
            Console.standardError.write("error: the fixtures in \(directory) have errors; fix them first\n")
            throw Status.unusableInput
        }
        return set
    }

    /// `path` relative to the working directory when it is inside it.
    static func relative(_ path: String) -> String {
        let base = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
