public import TreatyCore
internal import TreatyDialect
public import TreatyDialectKit
public import TreatyJSON
public import TreatyRules

/// The rest-sync dialect as Treaty's tools use it: plain JSON over HTTP following the sync
/// contract (`shared/dialects/rest-sync.md`), with the `RS-*` and `TR-*` rules of
/// `TreatyRules`.
///
/// Contracts declare `resources:` and `endpoints:`; fixtures are `<resource>.json|yaml` files;
/// generated suites check every readable endpoint's shape and run the semantic round trips
/// (missing/null/`[]` in PATCH, create authority, scope, ordering, metadata, tombstones,
/// incremental sync).
public struct RESTSyncPlugin: DialectPlugin {
    /// Creates the plugin.
    public init() {}

    public var id: DialectID { .restSync }

    public var summary: String {
        "plain REST following the sync contract: resources, endpoints, tombstones and incremental sync"
    }

    public var sectionKeys: [String] { [] }

    /// Records endpoints and the batch upload (`kind: sync_upload`).
    public var endpointKinds: Set<Endpoint.Kind> { [.syncUpload] }

    public var serveOptions: [DialectOption] { [] }

    public var environmentVariables: [EnvironmentVariable] { [] }

    public func lint(_ contract: Contract) -> [Diagnostic] { [] }

    public func loadBackend(_ setup: BackendSetup) -> BackendLoadResult {
        guard let contract = setup.contract else {
            return .failure(
                "the rest-sync dialect serves a contract's resources and cannot start without one", file: "rest-sync",
                fix: "pass --contract FILE")
        }
        var fixtures = FixtureSet()
        var diagnostics: [Diagnostic] = []
        if let directory = setup.fixtures {
            let result = FixtureLoader(maxFileSize: setup.maxFixtureFileSize).load(directory: directory, for: contract)
            diagnostics = result.diagnostics
            guard let loaded = result.fixtures else { return BackendLoadResult(backend: nil, diagnostics: diagnostics) }
            fixtures = loaded
        }
        let backend = SimulatedBackend(contract: contract, fixtures: fixtures) { RESTDialect(contract: contract) }
        return BackendLoadResult(backend: backend, diagnostics: diagnostics)
    }

    public func payloadChecker(for contract: Contract, subject: PayloadSubject, options: PayloadCheckOptions)
        throws(CheckSetupError) -> any PayloadChecker
    {
        let target: CheckTarget
        switch subject {
        case .endpoint(let text): target = try EndpointReference.resolve(text, in: contract)
        case .records(let name): target = .resource(name)
        }
        var check = PayloadCheck(
            plan: try CheckPlan(contract: contract, target: target), parserOptions: options.parser,
            maxViolationsPerPayload: options.maxViolationsPerPayload)
        check.threads = options.threads
        return check
    }

    public func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        RESTErrorConformance.check(body)
    }

    public func suites(for contract: Contract, environment: VerificationEnvironment) -> [VerificationSuite] {
        RESTSyncSuites(contract: contract).suites()
    }

    public func conformanceSample(for backend: SimulatedBackend) -> DialectSample {
        RESTSyncSample(contract: backend.contract, fixtures: backend.fixtures).sample()
    }
}
