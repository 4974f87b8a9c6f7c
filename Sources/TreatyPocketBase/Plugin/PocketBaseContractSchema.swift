internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

/// A PocketBase contract as the tools use it: the collections of its `collections:` file, read
/// once by ``PocketBasePlugin/decodeSchema(of:)``, from which the backend, the payload checker
/// and the suites are made.
struct PocketBaseContractSchema: DialectSchema {
    /// The contract, or `nil` for `treaty serve --dialect pocketbase`.
    let contract: Contract?
    /// The contract's `collections:` file, if it names one.
    let file: PocketBaseSchemaFile?
    /// The collections in it, as exported (no built-ins added).
    let collections: [PocketBaseCollection]

    func makeBackend(_ setup: BackendSetup, options: PocketBaseServeOptions) -> BackendLoadResult {
        PocketBaseBackendLoader(schema: self, setup: setup, options: options).load()
    }

    func payloadChecker(for subject: PayloadSubject, options: PayloadCheckOptions) throws(CheckSetupError)
        -> any PayloadChecker
    {
        try PocketBasePayloadChecker(schema: self, subject: subject, options: options)
    }

    func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        PocketBaseConformance(collections: [], callerSeesEmails: true).checkError(body, status: status)
    }

    func suites(environment: VerificationEnvironment, options: NoDialectOptions) throws(DialectSetupError)
        -> [VerificationSuite]
    {
        let superuser = try Self.superuser(in: environment)
        return PocketBaseSuites(
            contract: contract ?? PocketBaseDialect.emptyContract, schemaFile: file, collections: collections,
            superuser: superuser
        ).suites()
    }

    func recordReader(environment: VerificationEnvironment, options: NoDialectOptions) throws(DialectSetupError)
        -> RecordReader?
    {
        PocketBaseRecordReader(collections: collections, superuser: try Self.superuser(in: environment)).reader
    }

    func records(forwardedIn answer: ForwardedAnswer) -> [ForwardedRecord] {
        PocketBaseRecordReader.records(forwardedIn: answer, collections: collections)
    }

    /// The superuser a live run logs in as: `$TREATY_PB_SUPERUSER`, else the harness's.
    private static func superuser(in environment: VerificationEnvironment) throws(DialectSetupError) -> PocketBaseSuperuser {
        guard environment.isLive, let text = environment.value("TREATY_PB_SUPERUSER") else { return .harnessDefault }
        guard let parsed = PocketBaseSuperuser(parsing: text) else {
            throw DialectSetupError("TREATY_PB_SUPERUSER must be email:password")
        }
        return parsed
    }

    func created(by answer: JSONValue, postedTo path: String) -> CreatedRecord? {
        CreatedRecord.identified(by: answer, postedTo: path, in: contract ?? PocketBaseDialect.emptyContract)
    }
}
