public import TreatyCore
internal import TreatyDialect
public import TreatyDialectKit
public import TreatyJSON
public import TreatyRules

/// The FileMaker Data API dialect as Treaty's tools use it (`shared/dialects/filemaker.md`).
///
/// A contract declares its hosted files under `databases:` — accounts, layouts (fields with
/// result types, portals, value lists) and scripts. Fixtures are `<Layout>.json` arrays of
/// `fieldData` records. Payloads are checked with the `FM-*` rules; generated suites log in and
/// create, read, find, edit (with `modId`), duplicate and delete records on every layout.
public struct FileMakerPlugin: DialectPlugin {
    /// Creates the plugin.
    public init() {}

    public var id: DialectID { .fileMaker }

    public var summary: String {
        "the FileMaker Data API (FileMaker Server 19–21): sessions, layouts, records with portals and modId, _find, scripts"
    }

    public var sectionKeys: [String] { ["databases"] }

    public var serveOptions: [DialectOption] {
        [
            DialectOption(
                name: "session-idle", valueName: "SECONDS",
                help: "how long a Data API session lives without a call, on the simulator clock (default 900)"),
            DialectOption(name: "max-sessions", valueName: "N", help: "the most sessions open at once (default 500)"),
        ]
    }

    public var verifyOptions: [DialectOption] {
        [
            DialectOption(
                name: "database", valueName: "NAME",
                help: "the hosted file to verify (default: $TREATY_FM_DATABASE, else the contract's first database)")
        ]
    }

    public var environmentVariables: [EnvironmentVariable] {
        [
            EnvironmentVariable(name: "TREATY_FM_USER", meaning: "the account the suites log in with on a live server"),
            EnvironmentVariable(name: "TREATY_FM_PASSWORD", meaning: "its password (never reported)"),
            EnvironmentVariable(
                name: "TREATY_FM_DATABASE",
                meaning: "the hosted file to verify (default: the contract's first database)"),
        ]
    }

    public func lint(_ contract: Contract) -> [Diagnostic] {
        FileMakerSchemaDecoder().decode(contract).diagnostics
    }

    public func loadBackend(_ setup: BackendSetup) -> BackendLoadResult {
        guard let contract = setup.contract else {
            return .failure(
                "the filemaker dialect serves the databases a contract declares and cannot start without one",
                file: "filemaker", fix: "pass --contract FILE")
        }
        let decoded = FileMakerSchemaDecoder().decode(contract)
        guard let schema = decoded.schema else {
            return BackendLoadResult(backend: nil, diagnostics: decoded.diagnostics)
        }
        var configuration = FileMakerDialectConfiguration(schema: schema, seed: setup.seed)
        var diagnostics = decoded.diagnostics
        if let text = setup.options["session-idle"] {
            guard let seconds = Int64(text), seconds > 0 else {
                return .failure("--session-idle must be a positive number of seconds", file: "filemaker")
            }
            configuration.sessionIdleMilliseconds = seconds * 1000
        }
        if let text = setup.options["max-sessions"] {
            guard let count = Int(text), count > 0 else {
                return .failure("--max-sessions must be a positive number", file: "filemaker")
            }
            configuration.maxSessions = count
        }
        var fixtures = FileMakerFixtureLoader.emptySequences(schema)
        if let directory = setup.fixtures {
            var loader = FileMakerFixtureLoader()
            loader.maxFileSize = setup.maxFixtureFileSize
            let loaded = loader.load(directory: directory, schema: schema)
            diagnostics += loaded.diagnostics
            guard let records = loaded.fixtures else {
                return BackendLoadResult(backend: nil, diagnostics: diagnostics)
            }
            fixtures = records
        }
        var storeContract = FileMakerStoreModel.contract(api: contract.api, schema: schema, file: contract.file)
        storeContract.sections = contract.sections
        let settings = configuration
        let backend = SimulatedBackend(contract: storeContract, fixtures: fixtures) {
            FileMakerDialect(configuration: settings)
        }
        return BackendLoadResult(backend: backend, diagnostics: diagnostics)
    }

    public func payloadChecker(for contract: Contract, subject: PayloadSubject, options: PayloadCheckOptions)
        throws(CheckSetupError) -> any PayloadChecker
    {
        try FileMakerPayloadChecker(contract: contract, subject: subject, options: options)
    }

    public func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        FileMakerConformance.checkError(body, status: status)
    }

    public func suites(for contract: Contract, environment: VerificationEnvironment) throws(DialectSetupError)
        -> [VerificationSuite]
    {
        let decoded = FileMakerSchemaDecoder().decode(contract)
        guard let schema = decoded.schema else {
            throw DialectSetupError(
                "the contract's 'databases' have errors:\n"
                    + DiagnosticRenderer().render(decoded.diagnostics.filter { $0.severity == .error }))
        }
        let name =
            environment.options["database"] ?? (environment.isLive ? environment.value("TREATY_FM_DATABASE") : nil)
        guard let database = name.map({ schema.database(named: $0) }) ?? schema.databases.first else {
            let known = schema.databases.map(\.name).joined(separator: ", ")
            throw DialectSetupError("the contract declares no database '\(name ?? "")'; it declares: \(known)")
        }
        var account = database.accounts.first ?? FileMakerDatabase.Account(username: "", password: "")
        if environment.isLive, let user = environment.value("TREATY_FM_USER") {
            guard let password = environment.value("TREATY_FM_PASSWORD") else {
                throw DialectSetupError("TREATY_FM_USER is set but TREATY_FM_PASSWORD is not")
            }
            account = FileMakerDatabase.Account(username: user, password: password)
        }
        return FileMakerSuites(contract: contract, schema: schema, database: database, account: account).suites()
    }

    public func conformanceSample(for backend: SimulatedBackend) -> DialectSample {
        guard let schema = FileMakerSchemaDecoder().decode(backend.contract).schema else {
            return DialectSample(reads: [], write: [])
        }
        return FileMakerSample(schema: schema, backend: backend).sample()
    }
}
