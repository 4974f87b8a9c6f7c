import ArgumentParser
import Foundation
import HTTPTypes
import Logging
import TreatyCore
import TreatyDialectKit
import TreatyJSON
import TreatyReports
import TreatyVerifier

/// `treaty diff --target URL`: runs the same suites against a live backend and the simulator
/// with the fixtures, and reports where their answers differ in meaning.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare a live backend's answers with the simulator's, case by case and step by step.",
        discussion: """
            Runs the generated suites and scenario files of the contract against --target URL (or \
            $TREATY_TARGET, with the credentials 'treaty verify' sends) and against the simulator \
            loaded with --fixtures (default Fixtures/<api>/), pairs the answers of the same step \
            of the same case and compares them by meaning: status, key set, null vs missing, types \
            and formats, identities and order of listed records, and values. Timestamps, versions, \
            tombstones, server-minted ids and tokens (from the contract and the dialect) are \
            compared by shape only. Each divergence names the side and how it differs. Exit 0 \
            when none, 1 on divergence, 2 when the input is unusable or the target unreachable.
            """
    )

    @Option(help: "The contract file (default: the only contract under Contracts/).")
    var contract: String?

    @Option(help: "The live base URL (default: $TREATY_TARGET).")
    var target: String?

    @Option(help: "The fixture directory for the simulator (default: Fixtures/<api>/ when it exists).")
    var fixtures: String?

    @Option(name: .customLong("header"), help: "A header sent with every live request, 'Name: value' (repeatable).")
    var headers: [String] = []

    @Flag(help: "Run only cases that never write.")
    var readOnly = false

    @Option(help: "Run only cases whose suite or name contains this text.")
    var filter: String?

    @Option(help: "Also write the divergences as JSON to this file.")
    var json: String?

    @Option(help: "Also write a JUnit report (one test case per compared case) to this file.")
    var junit: String?

    @OptionGroup var http: HTTPOptions

    @Argument(parsing: .allUnrecognized, help: "A dialect's own options, as for 'treaty verify'.")
    var dialectArguments: [String] = []

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let url = target ?? environment["TREATY_TARGET"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            Console.standardError.write("error: pass --target URL (or set TREATY_TARGET)\n")
            throw Status.unusableInput
        }
        let contracts = try contract.map { [$0] } ?? [ContractSelection.load(nil).file]
        let live = try VerificationPlanLoader.load(
            contracts: contracts, fixtures: nil, environment: VerificationEnvironment(isLive: true, variables: environment),
            dialectArguments: dialectArguments)
        let simulated = try VerificationPlanLoader.load(
            contracts: contracts, fixtures: fixtures, environment: VerificationEnvironment(isLive: false),
            dialectArguments: dialectArguments)
        let credentials = try LiveCredentials.headers(environment: environment, options: headers)
        var logger = Logger(label: "treaty.diff", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .warning
        let verifier = Verifier(
            configuration: VerifierConfiguration(
                readOnly: readOnly, filter: filter, http: try http.clientConfiguration(), secrets: credentials.map(\.value)),
            logger: logger)
        let pairs = zip(live, simulated).compactMap { pair in pair.1.backend.map { (pair.0, pair.1, $0) } }
        let outcome: (divergences: [Divergence], runs: [VerificationRun], unreachable: Bool)
        do {
            outcome = try AsyncBridge.run {
                var divergences: [Divergence] = []
                var runs: [VerificationRun] = []
                var unreachable = false
                for (livePlan, mockPlan, backend) in pairs {
                    let liveRun = try await verifier.run(
                        contract: livePlan.contract, suites: livePlan.suites,
                        on: .live(LiveTarget(baseURL: url, headers: credentials)), dialect: livePlan.schema)
                    let mockRun = try await verifier.run(
                        contract: mockPlan.contract, suites: mockPlan.suites, on: .mock(MockTarget(backend: backend)),
                        dialect: mockPlan.schema)
                    unreachable = unreachable || liveRun.targetUnreachable
                    runs.append(liveRun)
                    let comparison = RunComparison(comparer: SemanticComparer(contract: backend.contract))
                    divergences += comparison.divergences(live: liveRun, simulated: mockRun)
                }
                return (divergences, runs, unreachable)
            }
        } catch {
            Console.standardError.write("error: \(error)\n")
            throw Status.unusableInput
        }
        if outcome.unreachable {
            Console.standardError.write("error: the target \(url) did not answer; nothing was compared\n")
            throw Status.unusableInput
        }
        for divergence in outcome.divergences { Console.standardOutput.write("divergence: \(divergence.summary)\n") }
        let cases = outcome.runs.flatMap(\.suites).flatMap(\.cases).filter { result in
            if case .skipped = result.outcome { return false }
            return true
        }.count
        let diverging = Set(outcome.divergences.map(\.testCase)).count
        Console.standardOutput.write(
            "treaty diff: \(outcome.divergences.count) divergence\(outcome.divergences.count == 1 ? "" : "s") in \(diverging) of \(cases) compared case\(cases == 1 ? "" : "s")\n")
        if let json { try write(Self.json(outcome.divergences), to: json) }
        if let junit { try writeJUnit(outcome.divergences, runs: outcome.runs, to: junit) }
        if !outcome.divergences.isEmpty { throw Status.findings }
    }

    static func json(_ divergences: [Divergence]) -> [UInt8] {
        let items = divergences.map { divergence -> JSONValue in
            .object([
                "case": .string(divergence.testCase), "step": .number(JSONNumber(divergence.step)),
                "request": .string(divergence.request), "kind": .string(divergence.kind.rawValue),
                "pointer": .string(divergence.pointer), "live": .string(divergence.live),
                "simulated": .string(divergence.simulated),
            ])
        }
        return JSONValue.object(["divergences": .array(items)]).serializedBytes(options: JSONWriteOptions(pretty: true)) + [0x0A]
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            Console.standardError.write("error: cannot write \(path): \(error)\n")
            throw Status.unusableInput
        }
    }

    private func writeJUnit(_ divergences: [Divergence], runs: [VerificationRun], to path: String) throws {
        let byCase = Dictionary(grouping: divergences, by: \.testCase)
        let suites = runs.map { run in
            TestSuiteReport(
                name: "diff.\(run.api)", package: "contracts.\(run.api)", hostname: ProcessInfo.processInfo.hostName,
                timestamp: run.startedAt, properties: [TestProperty(name: "treaty.target", value: run.target)],
                cases: run.suites.flatMap(\.cases).map { result in
                    let name = result.suite + " / " + result.name
                    let found = byCase[name] ?? []
                    let outcome: TestOutcome =
                        found.isEmpty
                        ? .passed
                        : .failed(
                            TestProblem(
                                message: found[0].summary + (found.count > 1 ? " (+\(found.count - 1) more)" : ""),
                                type: found[0].kind.rawValue, detail: found.map(\.summary).joined(separator: "\n")))
                    return TestCaseReport(
                        name: name, classname: TestCaseReport.classname(consumer: run.api, provider: "diff"), outcome: outcome)
                })
        }
        do {
            try JUnitWriter(flavor: .standard).write(
                TestReport(name: "contract-diff", timestamp: runs.first?.startedAt ?? Date(), suites: suites), to: path)
        } catch {
            Console.standardError.write("error: cannot write the JUnit report: \(error)\n")
            throw Status.unusableInput
        }
    }
}
