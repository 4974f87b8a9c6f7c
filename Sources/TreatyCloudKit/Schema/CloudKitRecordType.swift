/// A record type of a container's schema: its fields with their types, indexes and, for
/// references, the action new references take.
public struct CloudKitRecordType: Sendable, Hashable {
    /// The type's name, e.g. `Artist`.
    public var name: String
    /// The fields, by name.
    public var fields: [String: Field]
    /// The field names in declaration order.
    public var fieldOrder: [String]

    /// One field of a record type.
    public struct Field: Sendable, Hashable {
        /// The field's type.
        public var type: CloudKitFieldType
        /// Its indexes.
        public var indexes: Set<CloudKitIndex>
        /// For `REFERENCE` fields declared as relationships: the record type referred to.
        public var target: String?

        /// Creates a field.
        public init(type: CloudKitFieldType, indexes: Set<CloudKitIndex>, target: String? = nil) {
            self.type = type
            self.indexes = indexes
            self.target = target
        }

        /// The indexes CloudKit's development environment gives a field it adds on first save
        /// (this simulator's choice: every field is queryable and sortable, strings searchable).
        public static func autoCreated(_ type: CloudKitFieldType) -> Field {
            var indexes: Set<CloudKitIndex> = [.queryable, .sortable]
            if type.element == .string { indexes.insert(.searchable) }
            return Field(type: type, indexes: indexes)
        }
    }

    /// Creates a record type.
    public init(name: String, fields: [(String, Field)] = []) {
        self.name = name
        self.fields = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        fieldOrder = fields.map(\.0)
    }

    /// Adds a field (or replaces one of the same name, keeping its place).
    public mutating func add(_ name: String, _ field: Field) {
        if fields[name] == nil { fieldOrder.append(name) }
        fields[name] = field
    }
}
