internal import Foundation
public import Logging
public import TreatyCore
public import TreatyDialectKit
internal import TreatyHTTP

/// Runs a contract's suites against mutants of its simulated backend — each one plausible
/// backend bug — and reports the ones no case kills.
///
/// ```swift
/// let mutants = schema.mutationAnatomy().mutants()
/// let run = try await MutationRunner(jobs: 2, logger: logger).run(
///     contract: contract, schema: schema, backend: backend, suites: suites, mutants: mutants)
/// print(run.score, run.survivors.map(\.id))
/// ```
///
/// The unmutated backend runs first and must pass every case (a case that already fails
/// cannot tell a mutant apart). Then each mutant gets its own in-process simulator on a
/// loopback port; up to ``jobs`` run at once. A mutant's run stops at its first failing case
/// and is bounded by ``timeout``: a hang is killed with that reason and never stalls the run.
public struct MutationRunner: Sendable {
    /// How many mutants run at once.
    public var jobs: Int
    /// The time limit of one mutant's run (and of each of its requests).
    public var timeout: Duration
    let logger: Logger

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - jobs: How many mutants run at once (at least 1).
    ///   - timeout: The time limit of one mutant's run.
    ///   - logger: Where the simulators log.
    public init(jobs: Int = 2, timeout: Duration = .seconds(60), logger: Logger) {
        self.jobs = max(1, jobs)
        self.timeout = timeout
        self.logger = logger
    }

    /// Runs `suites` against the backend, then against each of `mutants`.
    ///
    /// - Parameters:
    ///   - contract: The contract (its ``TreatyCore/Contract/acceptedMutants`` mark accepted
    ///     survivors).
    ///   - schema: The contract's schema as its dialect decoded it.
    ///   - backend: The real simulated backend the mutants wrap.
    ///   - suites: The generated suites and scenario files, in run order.
    ///   - mutants: The mutants to run.
    ///   - observer: Receives progress events.
    /// - Returns: Every mutant's outcome, sorted by id.
    /// - Throws: ``VerifierError`` when the simulator cannot start or the unmutated backend
    ///   fails a case.
    public func run(
        contract: Contract, schema: any DialectSchema, backend: SimulatedBackend, suites: [VerificationSuite],
        mutants: [Mutant], observer: @escaping @Sendable (MutationEvent) -> Void = { _ in }
    ) async throws(VerifierError) -> MutationRun {
        let startedAt = Date()
        let clock = ContinuousClock()
        let start = clock.now
        // The baseline's requests keep the client's own time limit: a slow machine must not
        // fail the real backend.
        var baselineConfiguration = configuration
        baselineConfiguration.http.requestTimeout = VerifierConfiguration().http.requestTimeout
        let verifier = Verifier(configuration: baselineConfiguration, logger: logger)
        let baseline = try await verifier.run(
            contract: contract, suites: suites, on: .mock(MockTarget(backend: backend)), dialect: schema)
        guard baseline.succeeded else {
            let failing = baseline.suites.flatMap(\.cases).filter { !$0.findings.isEmpty }.map { "\($0.suite) › \($0.name)" }
            throw VerifierError(
                "the unmutated simulator of '\(contract.api)' fails \(failing.count) case(s), so no mutant can be judged: "
                    + failing.prefix(3).joined(separator: "; "))
        }
        observer(.baselinePassed(mutants: mutants.count))
        let accepted = Dictionary(contract.acceptedMutants.map { ($0.mutant, $0.reason) }) { first, _ in first }
        var results: [MutantResult] = []
        await withTaskGroup(of: MutantResult.self) { group in
            var pending = mutants[...]
            func startNext() {
                guard let mutant = pending.popFirst() else { return }
                group.addTask {
                    await runBounded(mutant, contract: contract, schema: schema, backend: backend, suites: suites)
                }
            }
            for _ in 0..<jobs { startNext() }
            while var result = await group.next() {
                if result.outcome == .survived, let reason = accepted[result.id] {
                    result.outcome = .accepted(reason: reason)
                }
                results.append(result)
                observer(.mutantFinished(result, finished: results.count, total: mutants.count))
                startNext()
            }
        }
        let elapsed = clock.now - start
        return MutationRun(
            api: contract.api, dialect: contract.dialect, startedAt: startedAt,
            durationMilliseconds: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000),
            results: results.sorted { $0.id < $1.id })
    }

    /// The verifier settings of every run: stop at the first failure, each request bounded by
    /// the mutant's time limit.
    var configuration: VerifierConfiguration {
        var configuration = VerifierConfiguration()
        configuration.stopsAtFirstFailure = true
        configuration.http.requestTimeout = timeout
        return configuration
    }

    /// One mutant's run, raced against ``timeout``.
    func runBounded(
        _ mutant: Mutant, contract: Contract, schema: any DialectSchema, backend: SimulatedBackend,
        suites: [VerificationSuite]
    ) async -> MutantResult {
        let clock = ContinuousClock()
        let start = clock.now
        let limit = timeout
        let outcome = await withTaskGroup(of: MutantOutcome?.self) { group in
            group.addTask { await run(mutant, contract: contract, schema: schema, backend: backend, suites: suites) }
            group.addTask {
                do {
                    try await Task.sleep(for: limit)
                    return .timedOut(seconds: Int(limit.components.seconds))
                } catch {
                    return nil
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .timedOut(seconds: Int(limit.components.seconds))
        }
        let elapsed = clock.now - start
        return MutantResult(
            mutant, outcome: outcome,
            durationMilliseconds: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000))
    }

    /// One mutant's run: the suites against the backend wrapped by the mutant.
    func run(
        _ mutant: Mutant, contract: Contract, schema: any DialectSchema, backend: SimulatedBackend,
        suites: [VerificationSuite]
    ) async -> MutantOutcome {
        var mutated = backend
        let makeDialect = backend.makeDialect
        mutated.makeDialect = { mutant.wrapping(makeDialect()) }
        do {
            let run = try await Verifier(configuration: configuration, logger: logger).run(
                contract: contract, suites: suites, on: .mock(MockTarget(backend: mutated)), dialect: schema)
            guard let failed = run.suites.flatMap(\.cases).first(where: { !$0.findings.isEmpty }) else { return .survived }
            let reason = failed.findings.first?.headline ?? "failed"
            return .killed(case: "\(failed.suite) › \(failed.name)", reason: reason)
        } catch {
            return .killed(case: "(run)", reason: "crashed: \(error)")
        }
    }
}
