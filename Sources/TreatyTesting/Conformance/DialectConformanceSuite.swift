internal import Foundation
internal import Logging
internal import TreatyCore
internal import TreatyDialect
public import TreatyDialectKit
internal import TreatyHTTP
internal import TreatySimulator

/// The checks every dialect passes, whatever its wire format — as swift-log's and
/// swift-configuration's backends all run one compatibility suite.
///
/// Given a dialect's plugin, an example contract (with fixtures) and the sample requests to send
/// it — test data the caller passes, as swift-configuration's `ProviderCompatTest` takes its
/// configuration — the suite:
/// - serves them, and every readable sample request answers 200;
/// - checks each answer with the dialect's payload checker (`treaty check`): it conforms, and a
///   broken copy fails with the dialect's rule;
/// - proves the admin API with the dialect's writes: the journal records them, a snapshot
///   restores the state it saved, and a reset returns to the fixtures;
/// - injects a fault and asks for an unknown route: both answer in the dialect's error format;
/// - sends an oversized and an over-nested body: a 413 and a 4xx in the error format, and the
///   server keeps serving;
/// - runs the same requests twice under a fixed clock and seed: byte-identical answers;
/// - runs the dialect's generated suites against its own simulator: all pass, none skipped;
///   every case names only rules and spec clauses the catalogue states, and every clause of the
///   catalogue is proven by a case for the example or says why none can be.
///
/// ```swift
/// @Test func myDialectConforms() async throws {
///     let plugin = try #require(DialectRegistry.standard.plugin(for: DialectID(rawValue: "my-dialect")))
///     try await DialectConformanceSuite(
///         plugin: plugin, contract: "Contracts/example/", fixtures: "Fixtures/example", sample: MyDialectSample.make
///     ).run()
/// }
/// ```
public struct DialectConformanceSuite: Sendable {
    /// The dialect under test.
    public let plugin: any DialectPlugin
    /// The example contract, absolute or relative to the package root.
    public let contract: String
    /// The example fixture directory, when it has one.
    public let fixtures: String?
    /// The requests to send to the example's backend (they may read its fixtures' ids).
    public let sample: @Sendable (SimulatedBackend) -> DialectSample
    let root: String

    /// The largest body the suite's simulators accept (the limit check sends more).
    static let bodyLimit = 16 * 1024
    /// The fixed clock of the determinism check: 2025-01-01T00:00:00Z.
    static let fixedClock: Int64 = 1_735_689_600_000
    static let logger = Logger(label: "treaty.conformance", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Creates the suite for one dialect.
    ///
    /// - Parameters:
    ///   - plugin: The dialect's plugin.
    ///   - contract: The example contract file (or directory), relative to the package root.
    ///   - fixtures: The example fixture directory, relative to the package root.
    ///   - sample: The requests to send to the example's backend: answers to record and check,
    ///     and a write to journal, snapshot and replay (see ``DialectSample``).
    ///   - filePath: The calling file, to find the package root; leave the default.
    public init(
        plugin: any DialectPlugin, contract: String, fixtures: String? = nil,
        sample: @escaping @Sendable (SimulatedBackend) -> DialectSample, filePath: String = #filePath
    ) {
        self.plugin = plugin
        self.contract = contract
        self.fixtures = fixtures
        self.sample = sample
        self.root = ContractCases.packageRoot(from: filePath)
    }

    /// Runs every check.
    ///
    /// - Returns: The report, when every check passed.
    /// - Throws: ``DialectConformanceFailure`` with the whole report when a check failed, or
    ///   when the example contract or fixtures cannot be loaded.
    @discardableResult
    public func run() async throws -> DialectConformanceReport {
        var report = DialectConformanceReport(dialect: plugin.id.rawValue, checks: [])
        guard let setting = load(into: &report) else { throw DialectConformanceFailure(report: report) }
        try await withHTTPClient(logger: Self.logger) { client in
            report.checks.append(
                await check("serves its example; treaty check passes its answers and fails broken ones") {
                    try await servesAndChecks(setting, client)
                })
            report.checks.append(
                await check("the journal records writes; snapshots restore; reset returns to the fixtures") {
                    try await journalAndState(setting, client)
                })
            report.checks.append(
                await check("faults and unknown routes answer in the dialect's error format") {
                    try await faults(setting, client)
                })
            report.checks.append(
                await check("oversized and over-nested bodies are refused in the error format") {
                    try await limits(setting, client)
                })
            report.checks.append(
                await check("a fixed clock and seed give byte-identical answers") {
                    try await determinism(setting, client)
                })
        }
        report.checks.append(
            await check("treaty verify against its own simulator passes with nothing skipped; its cases name only catalogued rules") {
                try await verifies(setting)
            })
        guard report.passed else { throw DialectConformanceFailure(report: report) }
        return report
    }

    /// The contract, its decoded schema, the backend and the sample the checks share.
    struct Setting: Sendable {
        let contract: Contract
        let schema: any DialectSchema
        let backend: SimulatedBackend
        let sample: DialectSample
    }

    private func load(into report: inout DialectConformanceReport) -> Setting? {
        let path = contract.hasPrefix("/") ? contract : root + "/" + contract
        let loaded = ContractLoader(vocabulary: ContractVocabulary([plugin.vocabularyEntry])).load(fileAt: path)
        let renderer = DiagnosticRenderer()
        guard let model = loaded.contract else {
            report.checks.append(
                .init(name: "the example contract loads", problems: [renderer.render(loaded.diagnostics)]))
            return nil
        }
        let decoded = plugin.decodeSchema(of: model)
        guard let schema = decoded.schema else {
            report.checks.append(
                .init(name: "the example schema decodes", problems: [renderer.render(decoded.diagnostics)]))
            return nil
        }
        let directory = fixtures.map { $0.hasPrefix("/") ? $0 : root + "/" + $0 }
        let result = schema.makeBackend(BackendSetup(contract: model, fixtures: directory, seed: 7))
        guard let backend = result.backend else {
            report.checks.append(
                .init(name: "the example backend loads", problems: [renderer.render(result.diagnostics)]))
            return nil
        }
        let sample = sample(backend)
        var problems: [String] = []
        if sample.reads.isEmpty { problems.append("the dialect's sample has no readable request") }
        if sample.write.isEmpty { problems.append("the dialect's sample has no write") }
        if !plugin.declaresOptions(of: schema) {
            problems.append(
                "the schema takes other serve or verify options than the plugin's ServeOptions and VerifyOptions")
        }
        report.checks.append(.init(name: "the example loads and the dialect gives a sample", problems: problems))
        return problems.isEmpty ? Setting(contract: model, schema: schema, backend: backend, sample: sample) : nil
    }

    /// Runs `body`, turning its problems (or an error) into a check.
    private func check(_ name: String, _ body: () async throws -> [String]) async -> DialectConformanceReport.Check {
        do {
            return .init(name: name, problems: try await body())
        } catch {
            return .init(name: name, problems: ["could not run: \(error)"])
        }
    }

    /// Runs `body` against a fresh simulator of the backend.
    func withSimulator<T: Sendable>(
        _ setting: Setting, _ httpClient: HTTPClient, store: StoreConfiguration = StoreConfiguration(),
        _ body: (ConformanceClient) async throws -> T
    ) async throws -> T {
        let configuration = SimulatorConfiguration(maxBodySize: Self.bodyLimit, seed: 7, logger: Self.logger)
        return try await Simulator.withRunning(
            dialect: setting.backend.makeDialect(), store: setting.backend.makeStore(configuration: store),
            configuration: configuration
        ) { url in
            let client = ConformanceClient(client: httpClient, baseURL: url)
            for request in setting.sample.session { _ = try await client.send(request) }
            return try await body(client)
        }
    }
}
