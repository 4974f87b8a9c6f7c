/// A PocketBase 0.40 collection: its identity, fields, indexes, API rules and, for auth
/// collections, auth options.
///
/// Load collections from PocketBase's "Export collections" JSON with
/// ``PocketBaseSchemaLoader``, create one from a `POST /api/collections` body with
/// ``create(fromBody:existing:)``, or start from the built-ins ``users`` and ``superusers``.
///
/// A new collection's ``id`` is `pbc_` followed by the decimal CRC-32 of its type and name
/// (`"base" + "articles"` → `pbc_4287850865`), see ``defaultID(type:name:)``.
struct PocketBaseCollection: Sendable, Hashable {
    /// The id, such as `pbc_4287850865` or `_pb_users_auth_`.
    var id: String
    /// The name, used in URLs and filters.
    var name: String
    /// The kind of collection.
    var type: PocketBaseCollectionType
    /// Whether PocketBase protects the collection from renaming and deletion.
    var system: Bool
    /// The fields, in order (`id` first).
    var fields: [PocketBaseField]
    /// The `CREATE INDEX` statements.
    var indexes: [String]
    /// The API rules.
    var rules: PocketBaseAPIRules
    /// The auth options; set for auth collections, `nil` otherwise.
    var auth: PocketBaseAuthOptions?
    /// The SQL of a view collection; `nil` otherwise.
    var viewQuery: String?

    /// Creates a collection.
    ///
    /// - Parameters:
    ///   - id: The id; `nil` derives it as PocketBase does.
    ///   - name: The name.
    ///   - type: The kind of collection.
    ///   - system: Whether it is a system collection.
    ///   - fields: The fields.
    ///   - indexes: The index statements.
    ///   - rules: The API rules; locked by default.
    ///   - auth: The auth options; `nil` gives an auth collection PocketBase's defaults.
    ///   - viewQuery: The SQL of a view collection.
    init(
        id: String? = nil,
        name: String,
        type: PocketBaseCollectionType = .base,
        system: Bool = false,
        fields: [PocketBaseField] = [],
        indexes: [String] = [],
        rules: PocketBaseAPIRules = .locked,
        auth: PocketBaseAuthOptions? = nil,
        viewQuery: String? = nil
    ) {
        self.id = id ?? Self.defaultID(type: type, name: name)
        self.name = name
        self.type = type
        self.system = system
        self.fields = fields
        self.indexes = indexes
        self.rules = rules
        self.auth = type == .auth ? auth ?? .defaults : nil
        self.viewQuery = type == .view ? viewQuery ?? "" : nil
    }

    /// The id PocketBase gives a new collection: `pbc_` and the decimal CRC-32 of type + name.
    ///
    /// - Parameters:
    ///   - type: The collection type.
    ///   - name: The collection name.
    /// - Returns: For example `pbc_4287850865` for the base collection `articles`.
    static func defaultID(type: PocketBaseCollectionType, name: String) -> String {
        "pbc_" + String(CRC32.checksum(type.rawValue + name))
    }

    /// The field named `name`, if any.
    ///
    /// - Parameter name: A field name (case-sensitive).
    /// - Returns: The field, or `nil`.
    func field(named name: String) -> PocketBaseField? {
        fields.first { $0.name == name }
    }
}
