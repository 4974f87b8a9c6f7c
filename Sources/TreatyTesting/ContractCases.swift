internal import Foundation
internal import TreatyCore
internal import TreatyDialect
internal import TreatyVerifier

/// Loads a contract's verification cases for `swift test`.
public enum ContractCases {
    /// Every case for a contract: the suites generated from it, then its scenario files.
    ///
    /// Paths are relative to the package root, which is found by walking up from `filePath`
    /// (the calling test file) to the directory holding `Package.swift` — never from the
    /// working directory.
    ///
    /// - Parameters:
    ///   - contract: The contract file, e.g. `Contracts/notes/contract.yaml`.
    ///   - fixtures: The simulator's fixture directory (default: `Fixtures/<api>` when it exists).
    ///   - scenarios: The scenario directory (default: `suites/` next to the contract).
    ///   - environment: Where `TREATY_TARGET`, `TREATY_TOKEN` and `TREATY_HEADERS` are read (`nil`: the
    ///     process's).
    ///   - filePath: The calling file; leave the default.
    /// - Returns: The cases in suite order.
    /// - Throws: ``ContractCaseFailure`` with the diagnostics when the contract, fixtures or
    ///   scenario files are unusable.
    public static func load(
        contract: String,
        fixtures: String? = nil,
        scenarios: String? = nil,
        environment: [String: String]? = nil,
        filePath: String = #filePath
    ) throws -> [ContractCase] {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let root = packageRoot(from: filePath)
        let renderer = DiagnosticRenderer()
        let loaded = ContractLoader().load(fileAt: root + "/" + contract)
        guard var model = loaded.contract, !loaded.diagnostics.containsErrors else {
            throw ContractCaseFailure(message: renderer.render(loaded.diagnostics))
        }
        let lint = ContractLinter().lint(model, sourceText: loaded.text)
        guard !lint.containsErrors else { throw ContractCaseFailure(message: renderer.render(lint)) }
        model.file = contract
        let target = environment["TREATY_TARGET"].flatMap { $0.isEmpty ? nil : $0 }
        var fixtureSet = FixtureSet()
        let fixtureDirectory = root + "/" + (fixtures ?? "Fixtures/\(model.api)")
        if target == nil, FileManager.default.fileExists(atPath: fixtureDirectory) {
            let result = FixtureLoader().load(directory: fixtureDirectory, for: model)
            guard let set = result.fixtures else { throw ContractCaseFailure(message: renderer.render(result.diagnostics)) }
            fixtureSet = set
        }
        var suites = SuiteGenerator().suites(for: model)
        let scenarioDirectory = root + "/" + (scenarios ?? (contract as NSString).deletingLastPathComponent + "/suites")
        for result in ScenarioLoader().loadDirectory(scenarioDirectory) {
            guard let suite = result.suite else { throw ContractCaseFailure(message: renderer.render(result.diagnostics)) }
            suites.append(suite)
        }
        let setting = ContractEnvironment(
            contract: model, fixtures: fixtureSet, target: target, token: environment["TREATY_TOKEN"].flatMap { $0.isEmpty ? nil : $0 },
            headerLines: (environment["TREATY_HEADERS"] ?? "").split(separator: "\n").map(String.init).filter { !$0.isEmpty })
        return suites.flatMap(\.cases).map { ContractCase(verificationCase: $0, environment: setting) }
    }

    /// The nearest directory above `filePath` holding a `Package.swift`.
    static func packageRoot(from filePath: String) -> String {
        var directory = (filePath as NSString).deletingLastPathComponent
        while directory != "/" && !directory.isEmpty {
            if FileManager.default.fileExists(atPath: directory + "/Package.swift") { return directory }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return FileManager.default.currentDirectoryPath
    }
}
