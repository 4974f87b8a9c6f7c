/// One kind of record an API serves, such as `task`.
public struct Resource: Sendable, Hashable, Codable {
    /// The resource's name as the contract declares it (`task`).
    public var name: String
    /// How records are identified.
    public var identity: Identity
    /// The parent whose identity scopes this resource's, if any.
    public var scope: ParentScope?
    /// Who supplies the id and timestamps on create.
    public var create: CreateAuthority
    /// The declared fields, in file order (identity, scope and sync keys are not among them).
    public var fields: [Field]
    /// The integer field that orders lists, if any (its key).
    public var orderKey: String?
    /// Which sync metadata records carry.
    public var sync: SyncMetadata
    /// Keys that must never appear in payloads (internal ids).
    public var internalKeys: [String]
    /// Where the resource is declared.
    public var location: SourceLocation?

    /// Creates a resource.
    public init(
        name: String,
        identity: Identity = Identity(),
        scope: ParentScope? = nil,
        create: CreateAuthority = .client,
        fields: [Field] = [],
        orderKey: String? = nil,
        sync: SyncMetadata = SyncMetadata(),
        internalKeys: [String] = Resource.defaultInternalKeys,
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.identity = identity
        self.scope = scope
        self.create = create
        self.fields = fields
        self.orderKey = orderKey
        self.sync = sync
        self.internalKeys = internalKeys
        self.location = location
    }

    /// Keys that expose a store's internals rather than the record's identity (RS-ID-3).
    public static let defaultInternalKeys = [
        "local_id", "localId", "remote_id", "remoteId", "rowid", "_rowid_", "row_id", "rowId", "_id", "pk",
    ]

    /// The field called `name`, if any.
    public func field(named name: String) -> Field? {
        fields.first { $0.name == name }
    }
}

/// How records of a resource are identified (RS-ID-1).
public struct Identity: Sendable, Hashable, Codable {
    /// The key that carries the id.
    public var key: String
    /// The id's type, which never changes between payloads.
    public var type: IdentityType

    /// Creates an identity.
    public init(key: String = "id", type: IdentityType = .uuid) {
        self.key = key
        self.type = type
    }
}

/// The type of an id.
public enum IdentityType: String, Sendable, Hashable, CaseIterable, Codable {
    /// A UUID string (any case; echoed byte for byte).
    case uuid
    /// Any non-empty string.
    case string
    /// An integer number.
    case int
}

/// The parent that scopes a resource's identity, e.g. tasks within a project (RS-PS-*).
public struct ParentScope: Sendable, Hashable, Codable {
    /// The parent resource's name.
    public var parent: String
    /// The key that carries the parent's id in child records and routes.
    public var key: String

    /// Creates a scope.
    public init(parent: String, key: String) {
        self.parent = parent
        self.key = key
    }
}

/// Who owns identity and timestamps on create (RS-CR-1).
public enum CreateAuthority: String, Sendable, Hashable, CaseIterable, Codable {
    /// The client sends `id`, `created_at` and `updated_at`; a body without them is rejected.
    case client
    /// The server mints id and timestamps.
    case server
    /// The client may send them; the server mints what is absent.
    case either
}
