/// A record type of a container's schema: its fields with their types, indexes and, for
/// references, the action new references take.
struct CloudKitRecordType: Sendable, Hashable {
    /// The type's name, e.g. `Artist`.
    var name: String
    /// The fields, by name.
    var fields: [String: Field]
    /// The field names in declaration order.
    var fieldOrder: [String]

    /// One field of a record type.
    struct Field: Sendable, Hashable {
        /// The field's type.
        var type: CloudKitFieldType
        /// Its indexes.
        var indexes: Set<CloudKitIndex>
        /// For `REFERENCE` fields declared as relationships: the record type referred to.
        var target: String?

        /// Creates a field.
        init(type: CloudKitFieldType, indexes: Set<CloudKitIndex>, target: String? = nil) {
            self.type = type
            self.indexes = indexes
            self.target = target
        }

        /// The indexes CloudKit's development environment gives a field it adds on first save
        /// (this simulator's choice: every field is queryable and sortable, strings searchable).
        static func autoCreated(_ type: CloudKitFieldType) -> Field {
            var indexes: Set<CloudKitIndex> = [.queryable, .sortable]
            if type.element == .string { indexes.insert(.searchable) }
            return Field(type: type, indexes: indexes)
        }
    }

    /// Creates a record type.
    init(name: String, fields: [(String, Field)] = []) {
        self.name = name
        self.fields = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        fieldOrder = fields.map(\.0)
    }

    /// Adds a field (or replaces one of the same name, keeping its place).
    mutating func add(_ name: String, _ field: Field) {
        if fields[name] == nil { fieldOrder.append(name) }
        fields[name] = field
    }
}
