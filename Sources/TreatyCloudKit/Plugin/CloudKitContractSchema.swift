internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

/// A CloudKit contract as the tools use it: its `container:` decoded once by
/// ``CloudKitPlugin/decodeSchema(of:)`` (or none, for `treaty serve --dialect cloudkit
/// --container …`), from which the backend, the payload checker and the suites are made.
struct CloudKitContractSchema: DialectSchema {
    /// The contract, or `nil` when serving without one.
    let contract: Contract?
    /// Its container, or `nil` when serving without a contract.
    let schema: CloudKitSchema?

    func makeBackend(_ setup: BackendSetup, options: CloudKitServeOptions) -> BackendLoadResult {
        CloudKitBackendLoader(contractSchema: self, setup: setup, options: options).load()
    }

    func payloadChecker(for subject: PayloadSubject, options: PayloadCheckOptions) throws(CheckSetupError)
        -> any PayloadChecker
    {
        guard let schema else {
            throw .unusableContract("there is no contract, so there are no record types to check against")
        }
        return try CloudKitPayloadChecker(schema: schema, subject: subject, options: options)
    }

    func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        CloudKitConformance.checkError(body, status: status)
    }

    func suites(environment: VerificationEnvironment, options: CloudKitVerifyOptions) throws(DialectSetupError)
        -> [VerificationSuite]
    {
        guard let contract, let schema else {
            throw DialectSetupError("the cloudkit suites verify a contract's container; pass --contract FILE")
        }
        let credentials = try CloudKitCredentials(schema: schema, environment: environment, options: options)
        return CloudKitSuites(contract: contract, schema: schema, credentials: credentials).suites()
    }

    func recordReader(environment: VerificationEnvironment, options: CloudKitVerifyOptions) throws(DialectSetupError)
        -> RecordReader?
    {
        guard let schema else { return nil }
        let credentials = try CloudKitCredentials(schema: schema, environment: environment, options: options)
        return CloudKitRecordReader(schema: schema, credentials: credentials).reader
    }

    func records(forwardedIn answer: ForwardedAnswer) -> [ForwardedRecord] {
        guard let schema else { return [] }
        return CloudKitRecordReader.records(forwardedIn: answer, schema: schema)
    }

    /// Nothing: every CloudKit operation is a `POST` to a fixed operation URL, so no later
    /// request names a record in its path, and the generated suites delete what they create
    /// themselves (by `forceDelete` at the end of each case).
    func created(by answer: JSONValue, postedTo path: String) -> CreatedRecord? {
        nil
    }
}
