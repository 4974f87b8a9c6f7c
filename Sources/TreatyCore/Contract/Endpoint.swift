/// One HTTP endpoint of a contract, bound to a resource.
public struct Endpoint: Sendable, Hashable {
    /// The HTTP method, upper-case.
    public var method: String
    /// The path template, e.g. `/projects/{project_id}/tasks/{id}`.
    public var path: PathTemplate
    /// The resource the endpoint serves; for a ``Kind/syncUpload`` endpoint, the only resource
    /// it accepts, or empty when it accepts every resource.
    public var resource: String
    /// What the endpoint does (default ``Kind/records``).
    public var kind: Kind
    /// What a successful response body holds.
    public var returns: Cardinality
    /// The success status.
    public var status: Int
    /// Query parameters that ask for changes after a timestamp (`updated_after`, `since`).
    public var since: [String]
    /// Query parameters that ask for changes after a version (`since_version`).
    public var sinceVersion: [String]
    /// Whether the route is scoped by the resource's parent; `false` for unscoped aliases such
    /// as `/tasks/{id}`.
    public var scoped: Bool
    /// Relation shapes that differ from the resource's defaults here, by relation name.
    public var shapes: [String: RelationShape]
    /// For write endpoints that accept only some fields (e.g. `PUT …/watchers`), their names.
    public var writes: [String]?
    /// Where the endpoint is declared.
    public var location: SourceLocation?

    /// What an endpoint does.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Reads or writes the records of ``Endpoint/resource``, as its method says.
        case records
        /// A batch upload (`POST /sync/upload`): a list of `upsert`/`delete` operations, each
        /// naming its resource by `type`, answered one result per operation with
        /// last-writer-wins on `updatedAt`. Only the dialects whose
        /// ``ContractVocabulary/Dialect/endpointKinds`` list it serve it.
        case syncUpload = "sync_upload"
    }

    /// What a response body holds.
    public enum Cardinality: String, Sendable, Hashable, CaseIterable {
        case one, list, none
    }

    /// Creates an endpoint.
    public init(
        method: String,
        path: PathTemplate,
        resource: String,
        returns: Cardinality,
        status: Int = 200,
        since: [String] = [],
        sinceVersion: [String] = [],
        scoped: Bool = true,
        shapes: [String: RelationShape] = [:],
        writes: [String]? = nil,
        kind: Kind = .records,
        location: SourceLocation? = nil
    ) {
        self.method = method
        self.path = path
        self.resource = resource
        self.returns = returns
        self.status = status
        self.since = since
        self.sinceVersion = sinceVersion
        self.scoped = scoped
        self.shapes = shapes
        self.writes = writes
        self.kind = kind
        self.location = location
    }

    /// `METHOD /path/{template}`, the way users name an endpoint.
    public var signature: String { "\(method) \(path)" }

    /// The shape of relation `field` at this endpoint.
    public func shape(of field: Field) -> RelationShape? {
        guard let relation = field.relation else { return nil }
        return shapes[field.name] ?? relation.shape
    }
}
