/// A declarative description of one API: its dialect, key naming, resources and endpoints.
///
/// Load one with ``ContractLoader``; check its consistency with ``ContractLinter``. The article
/// "Writing a contract" describes the file format.
public struct Contract: Sendable, Hashable {
    /// The API's name, e.g. `demo`.
    public var api: String
    /// The wire format the API speaks.
    public var dialect: DialectID
    /// The key convention of payloads.
    public var naming: NamingConvention
    /// Tombstone retention in milliseconds of simulator clock (default 30 days).
    public var tombstoneRetentionMilliseconds: Int64
    /// The resources, in file order.
    public var resources: [Resource]
    /// The endpoints, in file order. Dialects that derive their routes from resources (such as
    /// PocketBase collections) may have none.
    public var endpoints: [Endpoint]
    /// The file the contract was loaded from, if any.
    public var file: String?
    /// The top-level sections the contract's dialect owns
    /// (``ContractVocabulary/Dialect/sectionKeys``), as located nodes its module decodes.
    public var sections: [String: SourceNode] = [:]
    /// The personal-data rules of the `redact:` section, in file order: what `treaty record`
    /// drops, masks or fakes before it writes a recorded record.
    public var redactions: [RedactionRule] = []
    /// The surviving mutants the contract's reviewers accept (`mutation: { accepted: … }`), for
    /// `treaty mutate`.
    public var acceptedMutants: [AcceptedMutant] = []
    /// Routes outside the dialect (`routes:`), which the simulator answers before the dialect.
    public var routes: [StubRoute] = []

    /// Creates a contract.
    public init(
        api: String,
        dialect: DialectID,
        naming: NamingConvention = .snakeCase,
        tombstoneRetentionMilliseconds: Int64 = 30 * 24 * 3_600_000,
        resources: [Resource],
        endpoints: [Endpoint] = [],
        file: String? = nil
    ) {
        self.api = api
        self.dialect = dialect
        self.naming = naming
        self.tombstoneRetentionMilliseconds = tombstoneRetentionMilliseconds
        self.resources = resources
        self.endpoints = endpoints
        self.file = file
    }

    /// The resource called `name`, if any.
    public func resource(named name: String) -> Resource? {
        resources.first { $0.name == name }
    }

    /// The endpoint whose ``Endpoint/signature`` is `signature` (e.g.
    /// `GET /projects/{project_id}/tasks`), if any.
    public func endpoint(withSignature signature: String) -> Endpoint? {
        endpoints.first { $0.signature == signature }
    }
}
