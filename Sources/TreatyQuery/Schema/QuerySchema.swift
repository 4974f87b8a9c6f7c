import TreatyJSON

/// The resources and field types queries are checked against.
///
/// Every path in a query has the type its schema gives it; a literal that does not convert to
/// that type fails with ``QueryError/Kind/typeMismatch`` instead of being compared as text.
public struct QuerySchema: Sendable, Hashable {
    /// The resources, by name.
    public var resources: [String: ResourceSchema]

    /// Creates a schema.
    ///
    /// - Parameter resources: The resources; a later one replaces an earlier one of the same name.
    public init(_ resources: [ResourceSchema]) {
        var byName: [String: ResourceSchema] = [:]
        for resource in resources { byName[resource.name] = resource }
        self.resources = byName
    }

    /// The resource named `name`.
    ///
    /// - Parameter name: The resource name.
    /// - Returns: The resource's schema.
    /// - Throws: ``QueryError/Kind/unknownResource``, with a suggestion for a near miss.
    public func resource(_ name: String) throws(QueryError) -> ResourceSchema {
        guard let resource = resources[name] else {
            throw QueryError(
                .unknownResource, "unknown resource '\(name)'" + Suggestion.didYouMean(name, among: resources.keys))
        }
        return resource
    }

    /// The kind of `field` in `resource`.
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - resource: The resource's schema.
    /// - Returns: The field's kind.
    /// - Throws: ``QueryError/Kind/unknownField``, with a suggestion for a near miss.
    public func kind(of field: String, in resource: ResourceSchema) throws(QueryError) -> FieldKind {
        guard let kind = resource.kind(of: field) else {
            throw QueryError(
                .unknownField,
                "unknown field '\(field)' in '\(resource.name)'"
                    + Suggestion.didYouMean(field, among: resource.fieldNames))
        }
        return kind
    }
}
