public import Foundation
public import TreatyCore
internal import TreatyDialectKit
internal import TreatyDialects
public import TreatySimulator

/// A fake of your backend for your app's own tests: the simulator serving a contract's fixtures
/// in the contract's dialect, whatever that is, on a loopback port.
///
/// Get one with ``withFakeBackend(contract:fixtures:options:configuration:filePath:_:)`` and
/// point your app's client at ``url``; ``control`` resets it, takes snapshots, reads the request
/// journal and injects faults:
///
/// ```swift
/// @Test func pinningANoteSendsOnePatch() async throws {
///     try await withFakeBackend(contract: "Contracts/notes/contract.yaml") { backend in
///         let client = NotesClient(baseURL: backend.url)
///         try await client.pin(noteID: "A1C4E6F8-…", in: "0B7D3C50-…")
///         #expect(backend.control.requests(method: "PATCH").count == 1)
///     }
/// }
/// ```
public struct FakeBackend: Sendable {
    /// The base URL, e.g. `http://127.0.0.1:49152`.
    public let url: URL
    /// The contract served.
    public let contract: Contract
    /// Reset, snapshots, the request journal and fault rules, as Swift calls.
    public let control: SimulatorControl
}

/// Runs `body` with a fake backend serving `contract` and stops it afterwards — also when `body`
/// throws.
///
/// Paths are relative to your package root, found from the calling file (never from the working
/// directory), as ``ContractCases/load(contract:fixtures:scenarios:environment:filePath:)`` finds
/// them.
///
/// - Parameters:
///   - contract: The contract file or its directory, e.g. `Contracts/notes/contract.yaml`.
///   - fixtures: The fixture directory (default: `Fixtures/<api>` when it exists).
///   - options: The dialect's own options, as `treaty serve` takes them on its command line (e.g.
///     `["--superuser", "me@example.com:secret-123"]` for `pocketbase`; see `treaty dialects`);
///     the dialect parses them into its typed options.
///   - configuration: How the simulator listens (default: loopback, a free port).
///   - filePath: The calling file; leave the default.
///   - body: Receives the running backend.
/// - Returns: What `body` returns.
/// - Throws: ``ContractCaseFailure`` with the diagnostics when the contract or fixtures are
///   unusable or an option is not the dialect's; what `body` throws.
public func withFakeBackend<T: Sendable>(
    contract: String,
    fixtures: String? = nil,
    options: [String] = [],
    configuration: SimulatorConfiguration = SimulatorConfiguration(),
    filePath: String = #filePath,
    _ body: (FakeBackend) async throws -> T
) async throws -> T {
    let root = ContractCases.packageRoot(from: filePath)
    let renderer = DiagnosticRenderer()
    let loaded = ContractLoader(vocabulary: DialectRegistry.standard.contractVocabulary).load(fileAt: contract.hasPrefix("/") ? contract : root + "/" + contract)
    guard let model = loaded.contract else { throw ContractCaseFailure(message: renderer.render(loaded.diagnostics)) }
    let plugin: any DialectPlugin
    do {
        plugin = try DialectRegistry.standard.requirePlugin(for: model.dialect)
    } catch {
        throw ContractCaseFailure(message: "\(contract): \(error)")
    }
    let directory = root + "/" + (fixtures ?? "Fixtures/\(model.api)")
    let exists = FileManager.default.fileExists(atPath: directory)
    let setup = BackendSetup(
        contract: model, fixtures: exists || fixtures != nil ? directory : nil, seed: configuration.seed)
    let result: BackendLoadResult
    do {
        result = try plugin.loadBackend(setup, arguments: options)
    } catch {
        throw ContractCaseFailure(message: "\(contract): \(error)")
    }
    guard let backend = result.backend else { throw ContractCaseFailure(message: renderer.render(result.diagnostics)) }
    let simulator = Simulator(dialect: backend.makeDialect(), store: backend.makeStore(), configuration: configuration)
    let running = try await simulator.start()
    let fake = FakeBackend(url: running.url, contract: model, control: running.control)
    let value: T
    do {
        value = try await body(fake)
    } catch {
        try? await running.stop()
        throw error
    }
    try await running.stop()
    return value
}
