public import TreatyCore
internal import TreatyDialect
public import TreatyDialectKit
public import TreatyJSON
public import TreatyRules

/// Apple's CloudKit Web Services as Treaty's tools use it (`shared/dialects/cloudkit.md`).
///
/// A contract declares its container under `container:` — identifier, API tokens, users with
/// their web-auth tokens, custom zones and record types with typed, indexed fields. Fixtures are
/// `<RecordType>.json` arrays of record dictionaries. Without a contract,
/// `treaty serve --dialect cloudkit --container iCloud.… --api-token TOKEN` serves an empty
/// container whose development environment learns record types on first save.
public struct CloudKitPlugin: DialectPlugin {
    /// Creates the plugin.
    public init() {}

    public var id: DialectID { .cloudKit }

    public var summary: String {
        "Apple CloudKit Web Services: records/modify with change tags and atomic zones, query, lookup, changes, zones, assets, signed requests"
    }

    public var sectionKeys: [String] { ["container"] }

    public var serveOptions: [DialectOption] {
        [
            DialectOption(
                name: "container", valueName: "ID",
                help: "the container identifier (iCloud.…); required without a contract"),
            DialectOption(
                name: "api-token", valueName: "TOKEN", help: "an API token the server accepts as ckAPIToken"),
            DialectOption(
                name: "web-auth-token", valueName: "TOKEN",
                help: "a web-auth token that signs in a user (ckWebAuthToken), for the private database and writes"),
            DialectOption(
                name: "server-key", valueName: "KEYID=FILE",
                help: "a server-to-server key: its key ID and the PEM file of its P-256 public key"),
            DialectOption(
                name: "signature-window", valueName: "SECONDS",
                help: "how far a signed request's date may be from now (default 600)"),
        ]
    }

    public var verifyOptions: [DialectOption] {
        [DialectOption(name: "environment", valueName: "NAME", help: "development (default) or production")]
    }

    public var environmentVariables: [EnvironmentVariable] {
        [
            EnvironmentVariable(name: "TREATY_CK_API_TOKEN", meaning: "the API token the suites send as ckAPIToken"),
            EnvironmentVariable(
                name: "TREATY_CK_WEB_AUTH_TOKEN", meaning: "a signed-in user's web-auth token, for the private database"),
            EnvironmentVariable(name: "TREATY_CK_KEY_ID", meaning: "a server-to-server key ID, for signed requests"),
            EnvironmentVariable(
                name: "TREATY_CK_PRIVATE_KEY", meaning: "the PEM file of that key's P-256 private key (never reported)"),
            EnvironmentVariable(
                name: "TREATY_CK_ENVIRONMENT", meaning: "development (default) or production"),
        ]
    }

    public func lint(_ contract: Contract) -> [Diagnostic] {
        CloudKitSchemaDecoder().decode(contract).diagnostics
    }

    public func loadBackend(_ setup: BackendSetup) -> BackendLoadResult {
        CloudKitBackendLoader(setup: setup).load()
    }

    public func payloadChecker(for contract: Contract, subject: PayloadSubject, options: PayloadCheckOptions)
        throws(CheckSetupError) -> any PayloadChecker
    {
        try CloudKitPayloadChecker(contract: contract, subject: subject, options: options)
    }

    public func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        CloudKitConformance.checkError(body, status: status)
    }

    public func suites(for contract: Contract, environment: VerificationEnvironment) throws(DialectSetupError)
        -> [VerificationSuite]
    {
        let decoded = CloudKitSchemaDecoder().decode(contract)
        guard let schema = decoded.schema else {
            throw DialectSetupError(
                "the contract's 'container' has errors:\n"
                    + DiagnosticRenderer().render(decoded.diagnostics.filter { $0.severity == .error }))
        }
        let credentials = try CloudKitCredentials(schema: schema, environment: environment)
        return CloudKitSuites(contract: contract, schema: schema, credentials: credentials).suites()
    }

    /// Nothing: every CloudKit operation is a `POST` to a fixed operation URL, so no later
    /// request names a record in its path, and the generated suites delete what they create
    /// themselves (by `forceDelete` at the end of each case).
    public func created(by answer: JSONValue, postedTo path: String, in contract: Contract) -> CreatedRecord? {
        nil
    }

    public func conformanceSample(for backend: SimulatedBackend) -> DialectSample {
        CloudKitSample(backend: backend).sample()
    }
}
