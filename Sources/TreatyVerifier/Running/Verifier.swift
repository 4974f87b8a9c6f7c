internal import Foundation
internal import HTTPTypes
public import Logging
public import TreatyCore
internal import TreatyDialect
public import TreatyDialectKit
internal import TreatyHTTP
internal import TreatySecrets
internal import TreatySimulator

/// Runs suites against a target and collects the results.
///
/// ```swift
/// let plugin = try DialectRegistry.standard.requirePlugin(for: contract.dialect)
/// guard let schema = plugin.decodeSchema(of: contract).schema else { return }
/// let suites = try schema.suites(environment: VerificationEnvironment(isLive: false))
/// guard let backend = schema.makeBackend(BackendSetup(contract: contract, fixtures: "Fixtures/demo")).backend else { return }
/// let run = try await Verifier(logger: logger).run(
///     contract: contract, suites: suites, on: .mock(MockTarget(backend: backend)), dialect: schema)
/// print(run.tally)   // 31 passed, 0 failed, 0 skipped
/// ```
///
/// Suites run in order; within a suite, cases run in order and are reported in that order.
/// Against the mock target the simulator is reset to its fixtures before every suite. Every
/// request goes through TreatyHTTP's client (libcurl, or URLSession where libcurl is not
/// linked; ``VerifierConfiguration/http`` picks), whatever the target.
public struct Verifier: Sendable {
    /// How cases are selected and sent.
    public var configuration: VerifierConfiguration
    let logger: Logger

    /// Creates a verifier.
    public init(configuration: VerifierConfiguration = VerifierConfiguration(), logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Runs `suites` against `target`.
    ///
    /// - Parameters:
    ///   - contract: The contract the suites verify.
    ///   - suites: The suites, in run order.
    ///   - target: The mock simulator or a live server.
    ///   - dialect: The contract's schema as its dialect decoded it: its payload checker judges
    ///     scenario answers that no contract endpoint describes.
    ///   - observer: Receives progress events in order.
    /// - Returns: Every case's result (cases outside the shard or filter are left out).
    /// - Throws: ``VerifierError`` when the simulator cannot start or a live target does not
    ///   answer at all.
    public func run(
        contract: Contract,
        suites: [VerificationSuite],
        on target: VerificationTarget,
        dialect: (any DialectSchema)? = nil,
        observer: @Sendable (VerificationEvent) -> Void = { _ in }
    ) async throws(VerifierError) -> VerificationRun {
        let startedAt = Date()
        let selected = select(suites)
        do {
            return try await withHTTPClient(configuration: configuration.http, logger: logger) { client in
                switch target {
                case .live(let live):
                    let redactor = Redactor(secrets: configuration.secrets + live.secrets)
                    let connection = TargetConnection(
                        client: client, baseURL: live.baseURL, credentials: live.headers, redactor: redactor)
                    try await preflight(connection)
                    let results = await runSuites(
                        selected, contract: contract, connection: connection, isLive: true, dialect: dialect,
                        reset: nil,
                        observer: observer)
                    return VerificationRun(
                        api: contract.api, target: redactor.redactURL(live.baseURL), startedAt: startedAt, suites: results)
                case .mock(let mock):
                    let running = try await startSimulator(mock, contract: contract)
                    let connection = TargetConnection(
                        client: client, baseURL: running.url.absoluteString, credentials: [:],
                        redactor: Redactor(secrets: configuration.secrets))
                    let results = await runSuites(
                        selected, contract: contract, connection: connection, isLive: false, dialect: dialect
                    ) {
                        _ = try? await connection.send(.post, "/__treaty/reset")
                    } observer: {
                        observer($0)
                    }
                    try? await running.stop()
                    return VerificationRun(api: contract.api, target: "mock", startedAt: startedAt, suites: results)
                }
            }
        } catch let error as VerifierError {
            throw error
        } catch {
            throw VerifierError("cannot run: \(error)")
        }
    }

    private func startSimulator(_ mock: MockTarget, contract: Contract) async throws -> RunningSimulator {
        do {
            // Real time, so the records cases create are stamped with the clock the simulator
            // uses, and the contract's retention: the store counts fixture history (often dated
            // long ago) as ending at start-up, so fixture-time cursors stay inside the window.
            let store = mock.backend.makeStore(configuration: StoreConfiguration(clock: .system))
            var configuration = mock.simulator
            configuration.host = "127.0.0.1"
            configuration.port = 0
            // A simulator lives for one run, often one case (TreatyTesting): NIO's shared loops
            // spare it creating and joining threads each time.
            configuration.sharesEventLoops = true
            return try await Simulator(dialect: mock.backend.makeDialect(), store: store, configuration: configuration)
                .start()
        } catch {
            throw VerifierError("cannot start the simulator for '\(contract.api)': \(error)")
        }
    }

    private func preflight(_ connection: TargetConnection) async throws {
        do {
            _ = try await connection.send(.get, "/")
        } catch {
            throw VerifierError(
                "the target \(connection.redactor.redactURL(connection.baseURL)) is unreachable: \(error.finding.summary)")
        }
    }

    /// The suites with only the cases this run executes, in order.
    func select(_ suites: [VerificationSuite]) -> [VerificationSuite] {
        var position = 0
        return suites.compactMap { suite in
            var kept = suite
            kept.cases = suite.cases.filter { verificationCase in
                if let filter = configuration.filter, !filter.isEmpty,
                    !verificationCase.name.contains(filter), !suite.name.contains(filter)
                {
                    return false
                }
                defer { position += 1 }
                return configuration.shard?.contains(position: position) ?? true
            }
            return kept.cases.isEmpty ? nil : kept
        }
    }

    private func runSuites(
        _ suites: [VerificationSuite],
        contract: Contract,
        connection: TargetConnection,
        isLive: Bool,
        dialect: (any DialectSchema)?,
        reset: (@Sendable () async -> Void)?,
        observer: @Sendable (VerificationEvent) -> Void = { _ in }
    ) async -> [SuiteResult] {
        var results: [SuiteResult] = []
        var stopped = false
        for suite in suites where !stopped {
            if let reset { await reset() }
            observer(.suiteStarted(name: suite.name, cases: suite.cases.count))
            var cases: [CaseResult] = []
            for verificationCase in suite.cases {
                let result = await CaseRunner(
                    contract: contract, connection: connection, isLive: isLive, readOnly: configuration.readOnly,
                    dialect: dialect
                )
                .run(verificationCase)
                observer(.caseFinished(result))
                cases.append(result)
                if Task.isCancelled || (configuration.stopsAtFirstFailure && !result.findings.isEmpty) {
                    stopped = true
                    break
                }
            }
            let result = SuiteResult(name: suite.name, file: suite.file, cases: cases)
            observer(.suiteFinished(result))
            results.append(result)
        }
        return results
    }
}
