import ArgumentParser
import Foundation
import HTTPTypes
import Logging
import TreatyCore
import TreatyDialectKit
import TreatyHTTP
import TreatyReports
import TreatyVerifier

/// `treaty verify`: runs the generated suites and the scenario files of each contract against
/// the in-process simulator (default) or a live server, and writes JUnit XML.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a backend (the simulator by default, or a live URL) against its contracts.",
        discussion: """
            For each contract (every Contracts/<api>/contract.yaml when --contract is not given), \
            runs the suites generated from the contract plus the scenario files in \
            Contracts/<api>/suites/, against the in-process simulator loaded with Fixtures/<api>/, \
            or against --target URL (or $TREATY_TARGET). $TREATY_TOKEN is sent as a bearer token. \
            A dialect's suites may read their own credentials against a live target:
            \(DialectLookup.registry.plugins.flatMap { plugin in
                plugin.environmentVariables.map { "  $\($0.name) (\(plugin.id)): \($0.meaning)" }
            }.joined(separator: "\n"))
            $TREATY_HEADERS adds 'Name: value' headers, one per line. Writes a JUnit report (default Reports/junit.xml). Exit 0 when every case passed, 1 \
            when any failed, 2 when the input is unusable or the target unreachable.
            """
    )

    @Option(name: .customLong("contract"), help: "A contract file to verify (repeatable; default: every contract under Contracts/).")
    var contracts: [String] = []

    @Option(help: "The fixture directory for the simulator (default: Fixtures/<api>/ when it exists).")
    var fixtures: String?

    @Option(help: "A live base URL to verify instead of the simulator (default: $TREATY_TARGET).")
    var target: String?

    @Option(name: .customLong("header"), help: "A header sent with every live request, 'Name: value' (repeatable).")
    var headers: [String] = []

    @Flag(help: "Run only cases that never write; the others are reported as skipped.")
    var readOnly = false

    @Option(help: "Run one deterministic part of the cases, 'i/n' (e.g. 2/4).", transform: VerifyCommand.parseShard)
    var shard: Shard?

    @Option(help: "Run only cases whose suite or name contains this text.")
    var filter: String?

    @Option(help: "Where to write the JUnit report.")
    var junit: String = "Reports/junit.xml"

    @Option(help: "Also write one JUnit file per suite into this directory (TEST-<suite>.xml).")
    var junitDir: String?

    @Option(help: "The JUnit flavour: standard, or jenkins (validates against the Jenkins and xUnit schemas).")
    var junitFlavor: JUnitFlavorOption = .standard

    @Option(help: "Also write the run as one self-contained HTML page to this file.")
    var html: String?

    @OptionGroup var http: HTTPOptions

    @Argument(parsing: .allUnrecognized, help: "A dialect's own options, e.g. --database NAME (see 'treaty dialects').")
    var dialectArguments: [String] = []

    func validate() throws {
        for header in headers where HeaderSpec.parse(header) == nil {
            throw ValidationError("'\(header)' is not a header; write 'Name: value'")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let targetURL = target ?? environment["TREATY_TARGET"].flatMap { $0.isEmpty ? nil : $0 }
        let plans = try VerificationPlanLoader.load(
            contracts: contracts, fixtures: fixtures,
            environment: VerificationEnvironment(isLive: targetURL != nil, variables: environment),
            dialectArguments: dialectArguments)
        let credentials = try LiveCredentials.headers(environment: environment, options: headers)
        var logger = Logger(label: "treaty.verify", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .warning
        let configuration = VerifierConfiguration(
            readOnly: readOnly, shard: shard, filter: filter, http: try http.clientConfiguration(),
            secrets: credentials.map(\.value))
        let console = ProgressConsole(isTerminal: isatty(1) == 1)
        let verifier = Verifier(configuration: configuration, logger: logger)
        let credentialFields = credentials
        let runs: [VerificationRun]
        do {
            runs = try AsyncBridge.run {
                var runs: [VerificationRun] = []
                for plan in plans {
                    // The plan has a backend whenever there is no live target.
                    guard
                        let destination: VerificationTarget = targetURL.map({
                            .live(LiveTarget(baseURL: $0, headers: credentialFields))
                        }) ?? plan.backend.map({ .mock(MockTarget(backend: $0)) })
                    else { continue }
                    runs.append(
                        try await verifier.run(
                            contract: plan.contract, suites: plan.suites, on: destination, dialect: plan.schema
                        ) { console.show($0) })
                }
                return runs
            }
        } catch {
            Console.standardError.write("error: \(error)\n")
            throw Status.unusableInput
        }
        console.finish(runs)
        try writeReports(runs)
        if let html { try writeHTML(runs, plans: plans, to: html) }
        if runs.contains(where: \.targetUnreachable) { throw Status.unusableInput }
        if !runs.allSatisfy(\.succeeded) { throw Status.findings }
    }

    private func writeReports(_ runs: [VerificationRun]) throws {
        let hostname = ProcessInfo.processInfo.hostName
        let reports = runs.map { $0.junitReport(hostname: hostname) }
        let report = TestReport(
            name: "contract-verification", timestamp: runs.first?.startedAt ?? Date(), suites: reports.flatMap(\.suites))
        let writer = JUnitWriter(flavor: junitFlavor.flavor)
        do {
            try writer.write(report, to: junit)
            if let junitDir { _ = try writer.writeSuites(report, toDirectory: junitDir, suffix: shard.map { "shard\($0.index)of\($0.count)" }) }
        } catch {
            Console.standardError.write("error: cannot write the JUnit report: \(error)\n")
            throw Status.unusableInput
        }
        Console.standardOutput.write("report: \(junit)\n")
    }

    private func writeHTML(_ runs: [VerificationRun], plans: [VerificationPlan], to path: String) throws {
        let contracts = Dictionary(plans.map { ($0.contract.api, $0.contract) }, uniquingKeysWith: { first, _ in first })
        let groups = runs.flatMap { run in contracts[run.api].map { run.htmlGroups(contract: $0) } ?? [] }
        let apis = runs.map(\.api).joined(separator: ", ")
        var facts = [HTMLReport.Fact("contracts", plans.compactMap(\.contract.file).joined(separator: ", "))]
        facts += Set(runs.map(\.target)).sorted().map { HTMLReport.Fact("target", $0) }
        if let shard { facts.append(HTMLReport.Fact("shard", "\(shard.index)/\(shard.count)")) }
        if readOnly { facts.append(HTMLReport.Fact("mode", "read-only")) }
        let report = HTMLReport(
            title: "treaty verify: \(apis)", command: "treaty verify", startedAt: runs.first?.startedAt ?? Date(), facts: facts,
            groups: groups, rules: RuleMeanings.of(plans.map(\.contract.dialect)))
        do {
            try HTMLReportWriter().write(report, to: path)
        } catch {
            Console.standardError.write("error: cannot write the HTML report: \(error)\n")
            throw Status.unusableInput
        }
        Console.standardOutput.write("html: \(path)\n")
    }

    static func parseShard(_ text: String) throws -> Shard {
        guard let shard = Shard(text) else { throw ValidationError("'\(text)' is not a shard; write i/n with 1 ≤ i ≤ n, e.g. 2/4") }
        return shard
    }
}

/// `--junit-flavor` values.
enum JUnitFlavorOption: String, ExpressibleByArgument, CaseIterable {
    case standard, jenkins

    var flavor: JUnitFlavor { self == .jenkins ? .strictJenkins : .standard }
}

/// `Name: value` header specifications.
enum HeaderSpec {
    static func parse(_ text: String) -> (HTTPField.Name, String)? {
        guard let colon = text.firstIndex(of: ":"),
            let name = HTTPField.Name(text[..<colon].trimmingCharacters(in: .whitespaces))
        else { return nil }
        return (name, text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
}
