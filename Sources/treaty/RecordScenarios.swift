import Foundation
import Logging
import TreatyCore
import TreatyDialectKit
import TreatyVerifier

/// `treaty record --scenarios`: the contract's scenario files (`suites/*.yaml` beside it), run
/// against the target before it is recorded, so the recording holds what they leave.
struct RecordScenarios {
    let contract: ContractSelection.Loaded
    let schema: any DialectSchema

    /// The scenario suites beside the contract; refuses (exit 2) files with errors and a
    /// contract without any.
    func suites() throws -> [VerificationSuite] {
        let directory = URL(fileURLWithPath: contract.file).deletingLastPathComponent().path + "/suites"
        var suites: [VerificationSuite] = []
        for result in ScenarioLoader().loadDirectory(VerificationPlanLoader.relative(directory)) {
            Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
            guard let suite = result.suite else {
                Console.standardError.write(
                    "error: the scenario files have errors; fix them first; nothing was recorded\n")
                throw Status.unusableInput
            }
            suites.append(suite)
        }
        guard !suites.isEmpty else {
            Console.standardError.write(
                "\(contract.file): error: --scenarios found no scenario file in \(VerificationPlanLoader.relative(directory))/\n  fix: add scenario files there, or drop --scenarios\n"
            )
            throw Status.unusableInput
        }
        return suites
    }

    /// Runs `suites` against `target` and says how they went; a failed or errored case stops
    /// the recording (exit 1), since what the scenarios left is then unknown.
    func run(
        _ suites: [VerificationSuite], on target: LiveTarget, configuration: VerifierConfiguration, logger: Logger
    ) throws {
        let contract = contract.contract
        let schema = schema
        let run = try AsyncBridge.run {
            try await Verifier(configuration: configuration, logger: logger)
                .run(contract: contract, suites: suites, on: .live(target), dialect: schema)
        }
        let cases = run.suites.flatMap(\.cases)
        Console.standardOutput.write(
            "treaty: ran \(cases.count) scenario case\(cases.count == 1 ? "" : "s") of \(suites.count) file\(suites.count == 1 ? "" : "s") (\(run.tally))\n"
        )
        if run.targetUnreachable {
            Console.standardError.write("error: the target did not answer the scenarios; nothing was recorded\n")
            throw Status.unusableInput
        }
        guard run.succeeded else {
            for result in cases {
                for finding in result.findings {
                    Console.standardError.write("error: scenario '\(result.name)': \(finding.summary)\n")
                }
            }
            Console.standardError.write("error: a scenario failed, so what it left is unknown; nothing was recorded\n")
            throw Status.findings
        }
    }
}
