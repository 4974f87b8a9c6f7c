import Foundation
import Logging
import TreatyCore
import TreatyDialectKit
import TreatyHTTP
import TreatyReports
import TreatySecrets
import TreatySimulator
import TreatyVerifier

/// What `treaty serve --spy` or `--validate` runs beside the simulator: the live backend's client
/// and, when validating, the ledger written as JUnit on exit.
struct PassThroughSession: Sendable {
    let passThrough: PassThrough
    let client: HTTPClient
    let api: String
    let junit: String?

    /// Sets up the live backend `options` name, if any: its client and, for `--validate`, the
    /// contract's judging (the same as `treaty check`'s).
    ///
    /// With `--spy --record` and a contract, the records of forwarded dialect reads join the
    /// store through the contract's schema, redacted by its `redact:` rules as `treaty record`
    /// redacts (fakes keyed by `$TREATY_REDACT_SEED`, else the contract's api).
    static func make(
        _ options: PassThroughOptions, plugin: any DialectPlugin, contract: ContractSelection.Loaded?,
        storeContract: Contract, maxBodySize: Int, logger: Logger
    ) throws -> PassThroughSession? {
        guard let target = options.target, let url = URL(string: target) else { return nil }
        let api = storeContract.api
        var configuration = try options.http.clientConfiguration()
        configuration.maxResponseBodySize = max(1, maxBodySize)
        let client = try HTTPClient(configuration: configuration, logger: logger)
        guard options.validateURL != nil else {
            var absorber: RecordAbsorber?
            if options.record, let contract {
                let schema = try DialectLookup.schema(plugin, of: contract.contract, file: contract.file)
                let seed = ProcessInfo.processInfo.environment["TREATY_REDACT_SEED"].flatMap { $0.isEmpty ? nil : $0 }
                let redactor = RecordRedactor(rules: contract.contract.redactions, seed: seed ?? contract.contract.api)
                absorber = RecordAbsorber(reading: schema) { redactor.redact($0, contract: storeContract).records }
            }
            return PassThroughSession(
                passThrough: PassThrough(
                    mode: .spy, backend: LiveBackend(url: url, client: client),
                    recorder: options.record ? RouteRecorder() : nil, absorber: absorber),
                client: client, api: api, junit: nil)
        }
        guard let contract else {
            Console.standardError.write(
                "error: --validate needs a contract to judge answers by; pass --contract FILE\n")
            throw Status.unusableInput
        }
        let schema = try DialectLookup.schema(plugin, of: contract.contract, file: contract.file)
        let backend = LiveBackend(url: url, client: client, requestsIdentityEncoding: true)
        return PassThroughSession(
            passThrough: PassThrough(mode: .validate, backend: backend, validator: AnswerValidator(judging: schema)),
            client: client, api: api, junit: options.junit)
    }

    /// What the start line adds, e.g. `validating against https://staging.example.com`.
    var note: String {
        let shown = SecretPolicy.redactedURL(passThrough.backend.baseURL)
        switch passThrough.mode {
        case .spy:
            var recording = ""
            if passThrough.absorber != nil { recording += ", forwarded records kept" }
            if passThrough.recorder != nil { recording += ", routes outside the dialect recorded" }
            return "; spying on \(shown) (what the fixtures lack is forwarded\(recording))"
        case .validate: return "; validating \(shown) against the contract"
        }
    }

    /// Shuts the client down and, when validating, writes the JUnit file and says what it holds.
    func finish(startedAt: Date) async {
        await client.shutdown()
        guard let junit, let ledger = passThrough.validator?.ledger else { return }
        let endpoints = ledger.endpoints
        let report = ValidationReport(api: api, target: SecretPolicy.redactedURL(passThrough.backend.baseURL))
            .junit(endpoints, startedAt: startedAt, hostname: ProcessInfo.processInfo.hostName)
        do {
            try JUnitWriter().write(report, to: junit)
        } catch {
            Console.standardError.write("error: cannot write \(junit): \(error)\n")
            return
        }
        let answers = endpoints.reduce(0) { $0 + $1.answers }
        let violations = endpoints.reduce(0) { $0 + $1.violations.count + $1.omitted }
        Console.standardError.write(
            "treaty: validated \(answers) answer\(answers == 1 ? "" : "s") of \(endpoints.count) endpoint\(endpoints.count == 1 ? "" : "s"), \(violations) violation\(violations == 1 ? "" : "s"); wrote \(junit)\n"
        )
    }
}
