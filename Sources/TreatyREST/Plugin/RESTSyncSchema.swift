internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

/// A rest-sync contract as the tools use it: the backend serves its resources, `treaty check`
/// judges payloads with the contract's record rules and `RS-ERR-1`, and the suites check every
/// readable endpoint's shape and run the semantic round trips.
struct RESTSyncSchema: DialectSchema {
    let contract: Contract

    func makeBackend(_ setup: BackendSetup, options: NoDialectOptions) -> BackendLoadResult {
        var fixtures = FixtureSet()
        var diagnostics: [Diagnostic] = []
        if let directory = setup.fixtures {
            let result = FixtureLoader(maxFileSize: setup.maxFixtureFileSize).load(directory: directory, for: contract)
            diagnostics = result.diagnostics
            guard let loaded = result.fixtures else { return BackendLoadResult(backend: nil, diagnostics: diagnostics) }
            fixtures = loaded
        }
        let contract = contract
        let backend = SimulatedBackend(
            contract: contract, fixtures: fixtures, exportFixtures: { FixtureWriter().files(of: $0) }
        ) { RESTDialect(contract: contract) }
        return BackendLoadResult(backend: backend, diagnostics: diagnostics)
    }

    func payloadChecker(for subject: PayloadSubject, options: PayloadCheckOptions) throws(CheckSetupError)
        -> any PayloadChecker
    {
        let target: CheckTarget
        switch subject {
        case .endpoint(let request): target = try EndpointReference.resolve(request.description, in: contract)
        case .records(let name): target = .resource(name)
        }
        var check = PayloadCheck(
            plan: try CheckPlan(contract: contract, target: target), parserOptions: options.parser,
            maxViolationsPerPayload: options.maxViolationsPerPayload)
        check.threads = options.threads
        check.engine = options.engine
        return check
    }

    func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        RESTErrorConformance.check(body)
    }

    func suites(environment: VerificationEnvironment, options: NoDialectOptions) -> [VerificationSuite] {
        RESTSyncSuites(contract: contract).suites()
    }

    func recordReader(environment: VerificationEnvironment, options: NoDialectOptions) -> RecordReader? {
        RESTSyncRecordReader(contract: contract).reader
    }

    func records(forwardedIn answer: ForwardedAnswer) -> [ForwardedRecord] {
        RESTSyncRecordReader(contract: contract).records(forwardedIn: answer)
    }

    func created(by answer: JSONValue, postedTo path: String) -> CreatedRecord? {
        CreatedRecord.identified(by: answer, postedTo: path, in: contract)
    }
}
