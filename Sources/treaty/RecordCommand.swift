import ArgumentParser
import Foundation
import HTTPTypes
import Logging
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyVerifier

/// `treaty record --target URL --out Fixtures/<set>`: reads every record of a live backend
/// through its dialect and writes them as a fixture set `treaty serve` loads.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a live backend's records as a fixture set.",
        discussion: """
            Reads every page of every list the contract's dialect knows from --target URL (or \
            $TREATY_TARGET), with the credentials 'treaty verify' sends ($TREATY_TOKEN, \
            $TREATY_HEADERS, --header, the dialect's environment variables), and writes the records in \
            the dialect's fixture format to --out, which must not exist or be empty. With \
            --scenarios the contract's scenario files run against the target first (a failing one \
            stops the recording), so the set holds what they leave. Secrets \
            (tokens, password hashes) are never written; auth records get --auth-password. The \
            contract's 'redact:' rules (and each --redact resource.field=drop|mask|fake) drop, mask or \
            fake personal data; fakes are keyed by --redact-seed. The set is written to a temporary \
            directory, loaded back by the dialect, and moved into place only when it loads. Exit 0 \
            when written, 1 when a recorded record fails the contract, 2 when the target is \
            unreachable, refuses the credentials, answers what the dialect cannot read or loops, or \
            the input is unusable.
            """
    )

    @Option(help: "The contract file (default: the only contract under Contracts/).")
    var contract: String?

    @Option(help: "The live base URL to record from (default: $TREATY_TARGET).")
    var target: String?

    @Option(help: "The fixture directory to write (must not exist, or be empty).")
    var out: String

    @Option(help: "The most records to record, over all resources.")
    var maxRecords: Int = 10_000

    @Option(name: .customLong("redact"), help: "A redaction beside the contract's, resource.field=drop|mask|fake (repeatable).")
    var redactions: [String] = []

    @Option(help: "The key of deterministic fakes (default: $TREATY_REDACT_SEED, or the contract's api).")
    var redactSeed: String?

    @Option(help: "The password recorded auth records get, so recorded fixtures let cases log in.")
    var authPassword: String?

    @Flag(
        help:
            "Run the contract's scenario files (suites/*.yaml beside it) against the target first, and record what they leave."
    )
    var scenarios = false

    @Option(name: .customLong("header"), help: "A header sent with every request, 'Name: value' (repeatable).")
    var headers: [String] = []

    @OptionGroup var http: HTTPOptions

    @Argument(parsing: .allUnrecognized, help: "The dialect's own options, as for 'treaty verify'.")
    var dialectArguments: [String] = []

    func validate() throws {
        guard maxRecords > 0 else { throw ValidationError("--max-records must be at least 1") }
        for text in redactions where RedactionRule(parsing: text) == nil {
            throw ValidationError("'\(text)' is not a redaction; write resource.field=drop, mask or fake")
        }
        for header in headers where HeaderSpec.parse(header) == nil {
            throw ValidationError("'\(header)' is not a header; write 'Name: value'")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let url = target ?? environment["TREATY_TARGET"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            Console.standardError.write("error: pass --target URL (or set TREATY_TARGET)\n")
            throw Status.unusableInput
        }
        let loaded = try ContractSelection.load(contract)
        let plugin = try DialectLookup.plugin(for: loaded.contract, file: loaded.file)
        let schema = try DialectLookup.schema(plugin, of: loaded.contract, file: loaded.file)
        let live = VerificationEnvironment(isLive: true, variables: environment)
        let reader: RecordReader
        do {
            guard let made = try schema.recordReader(environment: live, arguments: dialectArguments) else {
                Console.standardError.write("\(loaded.file): error: the \(plugin.id) dialect cannot record from a live backend yet\n")
                throw Status.unusableInput
            }
            reader = made
        } catch let error as DialectSetupError {
            Console.standardError.write("error: \(error)\n")
            throw Status.unusableInput
        }
        let backend = try DialectLookup.backend(
            schema.makeBackend(BackendSetup(contract: loaded.contract, fixtures: nil, seed: 0)),
            what: "the \(plugin.id) setup")
        guard let export = backend.exportFixtures else {
            Console.standardError.write("\(loaded.file): error: the \(plugin.id) dialect cannot write fixtures yet\n")
            throw Status.unusableInput
        }
        let destination = RecordDestination(out: out)
        try destination.requireUsable()
        let credentials = try LiveCredentials.headers(environment: environment, options: headers)
        var logger = Logger(label: "treaty.record", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .warning
        let configuration = VerifierConfiguration(
            http: try http.clientConfiguration(), secrets: credentials.map(\.value))
        if scenarios {
            let scenario = RecordScenarios(contract: loaded, schema: schema)
            try scenario.run(
                try scenario.suites(), on: LiveTarget(baseURL: url, headers: credentials), configuration: configuration,
                logger: logger)
        }
        let recorder = Recorder(configuration: configuration, logger: logger)
        let limits = RecordingLimits(maxRecords: maxRecords, authPassword: authPassword)
        let contract = loaded.contract
        let interrupt = destination.cleanUpOnInterrupt()
        defer { interrupt.cancel() }
        let recording: Recording
        do {
            recording = try AsyncBridge.run {
                try await recorder.record(
                    contract: contract, reader: reader, from: LiveTarget(baseURL: url, headers: credentials), limits: limits,
                    dialect: schema)
            }
        } catch let failure as RecordingFailure {
            Console.standardError.write("error: \(failure.endpoint): \(failure.message)\nnothing was written to \(out)\n")
            throw Status.unusableInput
        }
        let rules = loaded.contract.redactions + redactions.compactMap(RedactionRule.init(parsing:))
        let seed = redactSeed ?? environment["TREATY_REDACT_SEED"].flatMap { $0.isEmpty ? nil : $0 } ?? loaded.contract.api
        let redacted = RecordRedactor(rules: rules, seed: seed).redact(recording.records, contract: backend.contract)
        for rule in redacted.unmatched {
            Console.standardError.write(
                "\(rule.location.map { "\($0): " } ?? "")warning: the redaction of '\(rule.resource).\(rule.field)' matched no recorded field\n")
        }
        var recorded = backend
        recorded.fixtures = FixtureSet(records: redacted.records)
        let files = export(recorded.makeStore())
        try destination.write(files) { directory in
            let reloaded = schema.makeBackend(BackendSetup(contract: contract, fixtures: directory, seed: 0))
            Console.standardError.write(DiagnosticRenderer().render(reloaded.diagnostics))
            return reloaded.backend != nil
        }
        for line in recording.skipped { Console.standardOutput.write("skipped: \(line)\n") }
        let count = recording.count
        Console.standardOutput.write(
            "treaty: recorded \(count) record\(count == 1 ? "" : "s") of \(recording.resources.count) resource\(recording.resources.count == 1 ? "" : "s") in \(recording.requests) request\(recording.requests == 1 ? "" : "s"); wrote \(files.count) file\(files.count == 1 ? "" : "s") to \(FixtureSelection.shown(out))\n")
    }
}
