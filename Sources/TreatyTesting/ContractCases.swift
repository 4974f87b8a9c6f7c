internal import Foundation
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyDialects
internal import TreatyVerifier

/// Loads a contract's verification cases for `swift test`.
public enum ContractCases {
    /// Every case for a contract, whatever its dialect: the suites its dialect generates from
    /// it, then its scenario files.
    ///
    /// Paths are relative to the package root, which is found by walking up from `filePath`
    /// (the calling test file) to the directory holding `Package.swift` — never from the
    /// working directory.
    ///
    /// - Parameters:
    ///   - contract: The contract file, e.g. `Contracts/notes/contract.yaml`, or its directory.
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
        let loaded = ContractLoader(vocabulary: DialectRegistry.standard.contractVocabulary).load(fileAt: root + "/" + contract)
        guard var model = loaded.contract, !loaded.diagnostics.containsErrors else {
            throw ContractCaseFailure(message: renderer.render(loaded.diagnostics))
        }
        let lint = ContractLinter().lint(model, sourceText: loaded.text)
        guard !lint.containsErrors else { throw ContractCaseFailure(message: renderer.render(lint)) }
        // Reported relative to the package root, as written (a directory names its contract file).
        model.file = loaded.file.hasPrefix(root + "/") ? String(loaded.file.dropFirst(root.count + 1)) : loaded.file
        let target = environment["TREATY_TARGET"].flatMap { $0.isEmpty ? nil : $0 }
        let schema: any DialectSchema
        var suites: [VerificationSuite]
        do {
            let decoded = try DialectRegistry.standard.requirePlugin(for: model.dialect).decodeSchema(of: model)
            guard let decodedSchema = decoded.schema else {
                throw ContractCaseFailure(message: renderer.render(decoded.diagnostics))
            }
            schema = decodedSchema
            suites = try schema.suites(
                environment: VerificationEnvironment(isLive: target != nil, variables: environment))
        } catch let failure as ContractCaseFailure {
            throw failure
        } catch {
            throw ContractCaseFailure(message: "\(contract): \(error)")
        }
        var backend: SimulatedBackend?
        if target == nil {
            let fixtureDirectory = root + "/" + (fixtures ?? "Fixtures/\(model.api)")
            let exists = FileManager.default.fileExists(atPath: fixtureDirectory)
            let result = schema.makeBackend(BackendSetup(contract: model, fixtures: exists ? fixtureDirectory : nil))
            guard let loaded = result.backend else { throw ContractCaseFailure(message: renderer.render(result.diagnostics)) }
            backend = loaded
        }
        let contractDirectory = (loaded.file as NSString).deletingLastPathComponent
        let scenarioDirectory = scenarios.map { root + "/" + $0 } ?? contractDirectory + "/suites"
        for result in ScenarioLoader().loadDirectory(scenarioDirectory) {
            guard let suite = result.suite else { throw ContractCaseFailure(message: renderer.render(result.diagnostics)) }
            suites.append(suite)
        }
        let setting = ContractEnvironment(
            contract: model, schema: schema, backend: backend, target: target, token: environment["TREATY_TOKEN"].flatMap { $0.isEmpty ? nil : $0 },
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
