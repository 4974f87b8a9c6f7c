import ArgumentParser
import Foundation
import Logging
import TreatyCore
import TreatyDialectKit
import TreatyJSON
import TreatyReports
import TreatyVerifier

/// `treaty mutate`: mutation testing of contracts. Makes plausible backend bugs (mutants) of each
/// contract's simulator through its dialect, runs the contract's suites against each, and lists
/// the survivors no case kills.
struct MutateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Find the backend bugs a contract's suites would let through (mutation testing).",
        discussion: """
            For each contract (every Contracts/<api>/contract.yaml when --contract is not given), \
            makes mutants of its simulator — each one plausible backend bug in one behaviour of \
            its dialect — and runs the contract's generated suites and scenario files against \
            each, in-process and in parallel. Prints per contract: operators, mutants, killed, \
            survivors, accepted and the score (killed / (mutants - accepted)), then each survivor \
            with the behaviour it breaks and the spec clause. A contract accepts a survivor with \
            'mutation: { accepted: [ { mutant: ID, reason: "…" } ] }'. Exit 0 when every survivor \
            is accepted, 1 when one is not, 2 when the input is unusable.
            """
    )

    @Option(name: .customLong("contract"), help: "A contract file to mutate (repeatable; default: every contract under Contracts/).")
    var contracts: [String] = []

    @Option(help: "Mutate only the contracts of this dialect.")
    var dialect: String?

    @Option(help: "What the mutants are made of: simulator (the only target).")
    var target: MutationTargetOption = .simulator

    @Option(help: "How many mutants run at once.")
    var jobs: Int = 2

    @Option(help: "The output format: text or json.")
    var format: MutationFormat = .text

    @Option(help: "Also write the run as JUnit XML to this file (one test case per mutant).")
    var junit: String?

    @Option(help: "The time limit of one mutant's run, in seconds; a hang is killed with that reason.")
    var timeout: Int = 60

    @Option(help: "Run only the mutants whose id contains this text.")
    var mutant: String?

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard timeout >= 1 else { throw ValidationError("--timeout must be at least 1 second") }
    }

    func run() throws {
        var plans = try VerificationPlanLoader.load(
            contracts: contracts, fixtures: nil, environment: VerificationEnvironment(isLive: false))
        if let dialect {
            _ = try DialectLookup.plugin(named: DialectID(rawValue: dialect))
            plans = plans.filter { $0.contract.dialect.rawValue == dialect }
        }
        var logger = Logger(label: "treaty.mutate", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .critical
        let runner = MutationRunner(jobs: jobs, timeout: .seconds(timeout), logger: logger)
        let work = plans.compactMap { plan -> (VerificationPlan, SimulatedBackend, [Mutant])? in
            guard let backend = plan.backend else { return nil }
            var mutants = plan.schema.mutationAnatomy().mutants()
            Console.standardError.write(
                DiagnosticRenderer().render(MutationRunner.acceptanceDiagnostics(of: plan.contract, mutants: mutants)))
            if let mutant { mutants = mutants.filter { $0.id.contains(mutant) } }
            return (plan, backend, mutants)
        }
        let showsProgress = format == .text && isatty(2) == 1
        let runs: [MutationRun]
        do {
            runs = try AsyncBridge.run {
                var runs: [MutationRun] = []
                for (plan, backend, mutants) in work {
                    runs.append(
                        try await runner.run(
                            contract: plan.contract, schema: plan.schema, backend: backend, suites: plan.suites,
                            mutants: mutants
                        ) { event in
                            guard showsProgress, case .mutantFinished(_, let finished, let total) = event else { return }
                            Console.standardError.write("\r\(plan.contract.api): \(finished)/\(total) mutants")
                        })
                    if showsProgress { Console.standardError.write("\n") }
                }
                return runs
            }
        } catch {
            Console.standardError.write("error: \(error)\n")
            throw Status.unusableInput
        }
        switch format {
        case .text: Console.standardOutput.write(runs.map(\.consoleText).joined(separator: "\n"))
        case .json: Console.standardOutput.write(MutationRun.json(runs).serialized() + "\n")
        }
        if let junit { try write(runs, junit: junit) }
        if !runs.allSatisfy(\.succeeded) { throw Status.findings }
    }

    private func write(_ runs: [MutationRun], junit path: String) throws {
        let report = TestReport(
            name: "contract-mutation", timestamp: runs.first?.startedAt ?? Date(),
            suites: runs.map { $0.junitSuite(hostname: ProcessInfo.processInfo.hostName) })
        do {
            try JUnitWriter(flavor: .standard).write(report, to: path)
        } catch {
            Console.standardError.write("error: cannot write the JUnit report: \(error)\n")
            throw Status.unusableInput
        }
        if format == .text { Console.standardOutput.write("report: \(path)\n") }
    }
}

/// `--target` values of `treaty mutate`.
enum MutationTargetOption: String, ExpressibleByArgument, CaseIterable {
    case simulator
}

/// `--format` values of `treaty mutate`.
enum MutationFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
