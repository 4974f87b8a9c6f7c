public import TreatyJSON

/// Generates the verifier's suites from a decoded schema, and tells a live run what its writes
/// created.
///
/// Conformers must guarantee that ``suites(environment:options:)`` returns cases that pass, with nothing
/// skipped, against the backend ``BackendProviding/makeBackend(_:)`` builds from the same schema
/// — and fail, naming the rule, against a backend that breaks one of the dialect's rules — and
/// that credentials come from the environment only when it is live.
public protocol SuiteGenerating: Sendable {
    /// The dialect's own `treaty verify` options (its plugin's
    /// ``DialectDescription/VerifyOptions``).
    associatedtype VerifyOptions: DialectOptions = NoDialectOptions

    /// The generated verifier suites: shape checks, round trips and login flows.
    ///
    /// - Parameters:
    ///   - environment: Whether the target is live, and the environment to read credentials
    ///     from.
    ///   - options: The dialect's own `treaty verify` options, parsed and checked.
    /// - Returns: The suites, in run order.
    /// - Throws: ``DialectSetupError`` when the credentials or options are unusable.
    func suites(environment: VerificationEnvironment, options: VerifyOptions) throws(DialectSetupError)
        -> [VerificationSuite]

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

extension SuiteGenerating {
    /// The generated suites with the dialect's default `treaty verify` options
    /// (``DialectOptions/defaults()``).
    ///
    /// - Parameter environment: Whether the target is live, and the environment to read
    ///   credentials from.
    /// - Returns: The suites, in run order.
    /// - Throws: ``DialectSetupError`` when the credentials are unusable.
    public func suites(environment: VerificationEnvironment) throws(DialectSetupError) -> [VerificationSuite] {
        try suites(environment: environment, options: VerifyOptions.defaults())
    }

    /// The generated suites with the options this dialect declares among `arguments`, as
    /// `treaty verify` runs them; the others (another dialect's) are left alone.
    ///
    /// - Parameters:
    ///   - environment: Whether the target is live, and the environment to read credentials
    ///     from.
    ///   - arguments: The command-line options no common option took, e.g.
    ///     `["--database", "Music"]`.
    /// - Returns: The suites, in run order.
    /// - Throws: ``DialectSetupError`` when a value of one of its options, the credentials or
    ///   the options are unusable.
    public func suites(environment: VerificationEnvironment, arguments: [String]) throws(DialectSetupError)
        -> [VerificationSuite]
    {
        try suites(environment: environment, options: VerifyOptions.parsing(claimedFrom: arguments).options)
    }
}
