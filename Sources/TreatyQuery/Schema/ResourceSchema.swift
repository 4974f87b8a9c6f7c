/// The fields of one resource, as queries see them.
///
/// ```swift
/// let posts = ResourceSchema("posts", fields: [
///     "title": .string, "views": .integer, "published": .date,
///     "author": .relation(to: "users", many: false), "tags": .relation(to: "tags", many: true),
/// ])
/// ```
public struct ResourceSchema: Sendable, Hashable {
    /// The resource name.
    public var name: String
    /// The key that holds each record's id.
    public var idField: String
    /// The kind of the id: `.string` or `.integer`.
    public var idKind: FieldKind
    /// Every field but the id, by name.
    public var fields: [String: FieldKind]

    /// Creates a resource schema.
    ///
    /// - Parameters:
    ///   - name: The resource name.
    ///   - idField: The key that holds each record's id.
    ///   - idKind: The kind of the id.
    ///   - fields: Every field but the id, by name.
    public init(_ name: String, idField: String = "id", idKind: FieldKind = .string, fields: [String: FieldKind]) {
        self.name = name
        self.idField = idField
        self.idKind = idKind
        self.fields = fields
    }

    /// The kind of a field, the id field included; `nil` for an unknown name.
    ///
    /// - Parameter field: The field name.
    /// - Returns: The field's kind, or `nil`.
    public func kind(of field: String) -> FieldKind? {
        field == idField ? idKind : fields[field]
    }

    /// Every field name, the id included, sorted.
    public var fieldNames: [String] {
        ([idField] + fields.keys.filter { $0 != idField }).sorted()
    }
}
