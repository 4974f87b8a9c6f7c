public import TreatyCore
internal import TreatyDialect
public import TreatyDialectKit
public import TreatyJSON
public import TreatyRules

/// The PocketBase 0.40 dialect as Treaty's tools use it (`shared/dialects/pocketbase.md`).
///
/// A contract names its schema with `collections: pb_schema.json` (the admin UI's "Export
/// collections"); `treaty serve --dialect pocketbase` starts a fresh server without a contract.
/// Fixtures are `<collection>.json` arrays of records, checked as a superuser's creates.
/// Payloads are checked with the `PB-*` rules; generated suites log in as the superuser and
/// create, view, list, update and delete records in every collection.
public struct PocketBasePlugin: DialectPlugin {
    /// Creates the plugin.
    public init() {}

    public var id: DialectID { .pocketBase }

    public var summary: String {
        "the PocketBase 0.40 / BosBase records API: collections, rules, filters, expand, auth and batch"
    }

    public var sectionKeys: [String] { ["collections"] }

    public var serveOptions: [DialectOption] {
        [
            DialectOption(
                name: "collections", valueName: "FILE",
                help:
                    "an exported collections JSON (pb_schema.json) defined at startup; a contract's 'collections:' by default"
            ),
            DialectOption(
                name: "superuser", valueName: "EMAIL:PASSWORD",
                help: "the superuser (default admin@example.com:admin-password-123)"),
        ]
    }

    public var environmentVariables: [EnvironmentVariable] {
        [
            EnvironmentVariable(
                name: "TREATY_PB_SUPERUSER",
                meaning:
                    "email:password of the superuser the suites log in as on a live target (default admin@example.com:admin-password-123, the simulator's)"
            )
        ]
    }

    public func lint(_ contract: Contract) -> [Diagnostic] {
        let decoded = PocketBaseSchemaFile.decode(from: contract)
        guard let file = decoded.file else { return decoded.diagnostics }
        return decoded.diagnostics + PocketBaseSchemaLoader().load(fileAt: file.path).diagnostics
    }

    public func loadBackend(_ setup: BackendSetup) -> BackendLoadResult {
        PocketBaseBackendLoader(setup: setup).load()
    }

    public func payloadChecker(for contract: Contract, subject: PayloadSubject, options: PayloadCheckOptions)
        throws(CheckSetupError) -> any PayloadChecker
    {
        try PocketBasePayloadChecker(contract: contract, subject: subject, options: options)
    }

    public func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        PocketBaseConformance(collections: [], callerSeesEmails: true).checkError(body, status: status)
    }

    public func suites(for contract: Contract, environment: VerificationEnvironment) throws(DialectSetupError)
        -> [VerificationSuite]
    {
        var superuser = PocketBaseSuperuser.harnessDefault
        if environment.isLive, let text = environment.value("TREATY_PB_SUPERUSER") {
            guard let parsed = PocketBaseSuperuser(parsing: text) else {
                throw DialectSetupError("TREATY_PB_SUPERUSER must be email:password")
            }
            superuser = parsed
        }
        return PocketBaseSuites(contract: contract, superuser: superuser).suites()
    }

    public func conformanceSample(for backend: SimulatedBackend) -> DialectSample {
        PocketBaseSample(backend: backend).sample()
    }
}
