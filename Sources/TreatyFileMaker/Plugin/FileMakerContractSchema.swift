internal import Foundation
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

/// A FileMaker contract as the tools use it: its `databases:` decoded once by
/// ``FileMakerPlugin/decodeSchema(of:)``, from which the backend, the payload checker and the
/// suites are made.
struct FileMakerContractSchema: DialectSchema {
    let contract: Contract
    let schema: FileMakerSchema

    func makeBackend(_ setup: BackendSetup, options: FileMakerServeOptions) -> BackendLoadResult {
        var configuration = FileMakerDialectConfiguration(schema: schema)
        var diagnostics: [Diagnostic] = []
        if let idle = options.sessionIdle {
            configuration.sessionIdleMilliseconds = idle.milliseconds
        }
        if let count = options.maxSessions {
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
        let writer = FileMakerFixtureWriter(schema: schema)
        let backend = SimulatedBackend(
            contract: storeContract, fixtures: fixtures, exportFixtures: { writer.files(of: $0) }
        ) {
            FileMakerDialect(configuration: settings)
        }
        return BackendLoadResult(backend: backend, diagnostics: diagnostics)
    }

    func payloadChecker(for subject: PayloadSubject, options: PayloadCheckOptions) throws(CheckSetupError)
        -> any PayloadChecker
    {
        try FileMakerPayloadChecker(schema: schema, subject: subject, options: options)
    }

    func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        FileMakerConformance.checkError(body, status: status)
    }

    func suites(environment: VerificationEnvironment, options: FileMakerVerifyOptions) throws(DialectSetupError)
        -> [VerificationSuite]
    {
        let name =
            options.database ?? (environment.isLive ? environment.value("TREATY_FM_DATABASE") : nil)
        guard let database = name.map({ schema.database(named: $0) }) ?? schema.databases.first else {
            let known = schema.databases.map(\.name).joined(separator: ", ")
            throw DialectSetupError("the contract declares no database '\(name ?? "")'; it declares: \(known)")
        }
        let account = try Self.account(of: database, environment: environment)
        return FileMakerSuites(contract: contract, schema: schema, database: database, account: account).suites()
    }

    func records(forwardedIn answer: ForwardedAnswer) -> [ForwardedRecord] {
        FileMakerRecordReader.records(forwardedIn: answer, schema: schema)
    }

    func recordReader(environment: VerificationEnvironment, options: FileMakerVerifyOptions) throws(DialectSetupError)
        -> RecordReader?
    {
        let databases = try options.database.map { name throws(DialectSetupError) in
            guard let database = schema.database(named: name) else {
                let known = schema.databases.map(\.name).joined(separator: ", ")
                throw DialectSetupError("the contract declares no database '\(name)'; it declares: \(known)")
            }
            return [database]
        } ?? schema.databases
        var logins: [(database: FileMakerDatabase, account: FileMakerDatabase.Account)] = []
        for database in databases {
            logins.append((database, try Self.account(of: database, environment: environment)))
        }
        return FileMakerRecordReader(logins: logins).reader
    }

    /// The account a run logs in to `database` with: `$TREATY_FM_USER` / `$TREATY_FM_PASSWORD`
    /// on a live server, else the database's first account.
    private static func account(of database: FileMakerDatabase, environment: VerificationEnvironment)
        throws(DialectSetupError) -> FileMakerDatabase.Account
    {
        guard environment.isLive, let user = environment.value("TREATY_FM_USER") else {
            return database.accounts.first ?? FileMakerDatabase.Account(username: "", password: "")
        }
        guard let password = environment.value("TREATY_FM_PASSWORD") else {
            throw DialectSetupError("TREATY_FM_USER is set but TREATY_FM_PASSWORD is not")
        }
        return FileMakerDatabase.Account(username: user, password: password)
    }

    /// What a Data API `POST` created: a record (`/response/recordId`, deleted at
    /// `…/records/{recordId}`) or a session (`/response/token`, logged out at
    /// `…/sessions/{token}`). A duplicate (`POST …/records/{id}`) creates a record beside the
    /// original, deleted at `…/records/{new id}`.
    func created(by answer: JSONValue, postedTo path: String) -> CreatedRecord? {
        let response = answer.objectValue?["response"]?.objectValue
        if path.hasSuffix("/sessions"), let token = response?["token"]?.stringValue, !token.isEmpty {
            return CreatedRecord(id: token, deletePath: path + "/" + token)
        }
        guard let value = response?["recordId"], let id = value.stringValue ?? value.numberValue?.text, !id.isEmpty
        else { return nil }
        guard let records = path.range(of: "/records", options: .backwards) else { return nil }
        return CreatedRecord(id: id, deletePath: String(path[..<records.upperBound]) + "/" + id)
    }
}
