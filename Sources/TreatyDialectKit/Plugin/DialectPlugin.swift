public import TreatyCore
public import TreatyJSON
public import TreatyRules

/// Everything Treaty's tools need from one backend dialect, bundled once by the dialect's
/// module: `treaty lint`, `check`, `serve` and `verify`, the ``DialectRegistry``, the simulator
/// and `TreatyTesting` reach a dialect only through this protocol.
///
/// A dialect module (`TreatyREST`, `TreatyPocketBase`, …) declares one conforming type and the
/// registry lists it; nothing outside the module names the dialect. Every plugin runs the shared
/// dialect conformance suite (`TreatyTesting`'s `DialectConformanceSuite`).
///
/// Conformers must guarantee:
/// - Every method is pure with respect to the plugin (no global state) and safe to call from
///   any thread.
/// - Problems with files are returned as located ``TreatyCore/Diagnostic``s (file, line, column,
///   rule and fix), never thrown as raw decoding errors and never printed.
/// - ``loadBackend(_:)`` returns a backend only when its diagnostics hold no error, and the
///   dialect it makes answers every failure in the dialect's own error format, which
///   ``checkErrorBody(_:status:)`` accepts.
/// - ``suites(for:environment:)`` returns cases that pass, with nothing skipped, against the
///   backend ``loadBackend(_:)`` builds for the same contract — and fail, naming the rule, against
///   a backend that breaks one of the dialect's rules.
public protocol DialectPlugin: Sendable {
    /// The name contracts give in `dialect:` and `treaty serve --dialect` takes.
    var id: DialectID { get }

    /// One line for `treaty dialects` and help texts.
    var summary: String { get }

    /// The top-level contract keys only this dialect reads, besides the common ones (`api`,
    /// `dialect`, `naming`, `resources`, …), e.g. a section declaring its schema. The loader
    /// keeps them in ``TreatyCore/Contract/sections`` for the dialect to decode, and refuses them
    /// in contracts of other dialects.
    var sectionKeys: [String] { get }

    /// The endpoint kinds this dialect serves besides ``TreatyCore/Endpoint/Kind/records``;
    /// the loader refuses other kinds in its contracts.
    var endpointKinds: Set<Endpoint.Kind> { get }

    /// The `treaty serve` options this dialect takes, besides the common ones.
    var serveOptions: [DialectOption] { get }

    /// The `treaty verify` options its generated suites take, besides the common ones (for
    /// FileMaker, `--database NAME`); they arrive in ``VerificationEnvironment/options``.
    var verifyOptions: [DialectOption] { get }

    /// The environment variables its generated suites read against a live target.
    var environmentVariables: [EnvironmentVariable] { get }

    /// Every rule of the dialect, with its meaning, whether `treaty check` judges it and the
    /// broken backends that prove it; `treaty rules` lists it with the generated cases that name
    /// each rule. Every rule id a generated case names is in it.
    var ruleCatalog: RuleCatalog { get }

    /// Checks the dialect's own files a contract names (a schema export, layouts, …), for
    /// `treaty lint`.
    ///
    /// - Parameter contract: A contract of this dialect that loaded without errors.
    /// - Returns: Located findings; empty when the contract names no files of the dialect.
    func lint(_ contract: Contract) -> [Diagnostic]

    /// Builds what the simulator serves: the dialect, the contract its store follows and the
    /// records it starts with (and is reset to).
    ///
    /// - Parameter setup: The contract (or none, for `treaty serve --dialect`), the fixture
    ///   directory, the dialect's options and the seed.
    /// - Returns: The backend, or the diagnostics that prevent it.
    func loadBackend(_ setup: BackendSetup) -> BackendLoadResult

    /// A checker of recorded answers (`treaty check`) for one endpoint or one record type.
    ///
    /// - Parameters:
    ///   - contract: The contract to check against.
    ///   - subject: What the payloads are: answers of an endpoint, or bare records.
    ///   - options: Parser limits, the violation cap and threads.
    /// - Returns: A checker; use one for a sequence of payloads.
    /// - Throws: ``TreatyRules/CheckSetupError`` when the contract has no such endpoint or type.
    func payloadChecker(for contract: Contract, subject: PayloadSubject, options: PayloadCheckOptions)
        throws(CheckSetupError) -> any PayloadChecker

    /// Judges an error answer against the dialect's error format.
    ///
    /// - Parameters:
    ///   - body: The decoded body, or `nil` when it was empty or not JSON.
    ///   - status: The HTTP status it came with.
    /// - Returns: The violations; empty when the body is a well-formed error of the dialect.
    func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation]

    /// The generated verifier suites for a contract: shape checks, round trips and login flows.
    ///
    /// - Parameters:
    ///   - contract: The contract to verify.
    ///   - environment: Whether the target is live, and the environment to read credentials from.
    /// - Returns: The suites, in run order.
    /// - Throws: ``DialectSetupError`` when the dialect's files or credentials are unusable.
    func suites(for contract: Contract, environment: VerificationEnvironment) throws(DialectSetupError)
        -> [VerificationSuite]

    /// What a successful `POST` to `path` created, read from its answer: the id a live run may
    /// then change (writes to paths holding it), and the path that deletes it when the case
    /// ends without doing so. A live run refuses writes to anything it did not create.
    ///
    /// The default reads the created resource's identity key at the top of the answer (`id`
    /// when the contract has no POST endpoint for `path`), deletable where the contract has a
    /// DELETE endpoint.
    ///
    /// - Parameters:
    ///   - answer: The parsed answer.
    ///   - path: The path the `POST` went to.
    ///   - contract: The contract under verification.
    /// - Returns: The id and its delete path, or `nil` when the answer names nothing created.
    func created(by answer: JSONValue, postedTo path: String, in contract: Contract) -> CreatedRecord?

    /// Requests the shared conformance suite sends to a backend of this dialect: answers to
    /// record and check, and a write to journal, snapshot and replay.
    ///
    /// - Parameter backend: A backend ``loadBackend(_:)`` built.
    /// - Returns: The sample.
    func conformanceSample(for backend: SimulatedBackend) -> DialectSample
}

extension DialectPlugin {
    /// No `treaty verify` options of its own.
    public var verifyOptions: [DialectOption] { [] }

    /// Records endpoints only.
    public var endpointKinds: Set<Endpoint.Kind> { [] }

    /// What the dialect adds to the contract format, for the ``DialectRegistry``'s
    /// ``DialectRegistry/contractVocabulary``.
    public var vocabularyEntry: ContractVocabulary.Dialect {
        ContractVocabulary.Dialect(id: id, sectionKeys: sectionKeys, endpointKinds: endpointKinds)
    }

    public func created(by answer: JSONValue, postedTo path: String, in contract: Contract) -> CreatedRecord? {
        CreatedRecord.identified(by: answer, postedTo: path, in: contract)
    }
}

/// What a `POST` of a live run created (``DialectPlugin/created(by:postedTo:in:)``).
public struct CreatedRecord: Sendable, Equatable {
    /// The id later writes to this run's own records carry in their path.
    public var id: String
    /// The path that deletes it, when there is one.
    public var deletePath: String?

    /// Creates the description.
    public init(id: String, deletePath: String?) {
        self.id = id
        self.deletePath = deletePath
    }

    /// The created resource's identity key at the top of `answer` (`id` when the contract has
    /// no POST endpoint for `path`), deletable at `path/{id}` where the contract has a DELETE
    /// endpoint for it.
    public static func identified(by answer: JSONValue, postedTo path: String, in contract: Contract) -> CreatedRecord? {
        let endpoint = contract.endpoints.first { $0.method == "POST" && $0.path.match(path) != nil }
        let key = endpoint.flatMap { contract.resource(named: $0.resource) }?.identity.key ?? "id"
        guard let value = answer.objectValue?[key] else { return nil }
        let id = value.stringValue ?? value.serialized()
        let itemPath = path.hasSuffix("/") ? path + id : path + "/" + id
        let deletable = contract.endpoints.contains { $0.method == "DELETE" && $0.path.match(itemPath) != nil }
        return CreatedRecord(id: id, deletePath: deletable ? itemPath : nil)
    }
}
