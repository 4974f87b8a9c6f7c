public import TreatyJSON

/// Generates the verifier's suites from a decoded schema, and tells a live run what its writes
/// created.
///
/// Conformers must guarantee that ``suites(environment:)`` returns cases that pass, with nothing
/// skipped, against the backend ``BackendProviding/makeBackend(_:)`` builds from the same schema
/// — and fail, naming the rule, against a backend that breaks one of the dialect's rules — and
/// that credentials come from the environment only when it is live.
public protocol SuiteGenerating: Sendable {
    /// The generated verifier suites: shape checks, round trips and login flows.
    ///
    /// - Parameter environment: Whether the target is live, the environment to read
    ///   credentials from and the dialect's `treaty verify` options.
    /// - Returns: The suites, in run order.
    /// - Throws: ``DialectSetupError`` when the credentials or options are unusable.
    func suites(environment: VerificationEnvironment) throws(DialectSetupError) -> [VerificationSuite]

    /// What a successful `POST` to `path` created, read from its answer: the id a live run may
    /// then change (writes to paths holding it), and the path that deletes it when the case
    /// ends without doing so. A live run refuses writes to anything it did not create.
    ///
    /// ``CreatedRecord/identified(by:postedTo:in:)`` reads the created resource's identity key
    /// at the top of the answer; a dialect whose answers wrap the id says where.
    ///
    /// - Parameters:
    ///   - answer: The parsed answer.
    ///   - path: The path the `POST` went to.
    /// - Returns: The id and its delete path, or `nil` when the answer names nothing created.
    func created(by answer: JSONValue, postedTo path: String) -> CreatedRecord?
}
