public import TreatyCore

/// One key a record may carry, and what it means.
///
/// A reference type so that rules iterating the plan's keys per record copy a pointer, not the
/// field's description.
public final class KeySpec: Sendable {
    /// What a key is for.
    public enum Role: Sendable, Hashable, CaseIterable {
        case identity
        case scope
        case createdAt
        case updatedAt
        case version
        case tombstone
        /// A declared field; for relations, the key of one of its two shapes.
        case field

        /// The role's position in `allCases`, for table lookups.
        var ordinal: Int {
            switch self {
            case .identity: 0
            case .scope: 1
            case .createdAt: 2
            case .updatedAt: 3
            case .version: 4
            case .tombstone: 5
            case .field: 6
            }
        }
    }

    /// The wire key.
    public let key: String
    /// What it is for.
    public let role: Role
    /// The declared field, for `.field`.
    public let field: Field?
    /// For relation keys: the shape this key carries.
    public let shape: RelationShape?
    /// For relation keys: whether the endpoint expects this shape.
    public let isExpectedShape: Bool
    /// For identity, scope and foreign keys: the type of the ids it holds.
    public let idType: IdentityType?
    /// Whether a response must carry the key on a live record.
    public let mustBeEmitted: Bool
    /// Whether the value is a list that is `[]` when empty (a to-many foreign key or `string[]`).
    public let isList: Bool
    /// Whether `null` is a valid value.
    public let isNullable: Bool
    /// The attribute's type, for plain fields.
    public let attributeType: FieldType?
    /// Whether this is the foreign-key form of a to-many relation.
    public let isToManyForeignKey: Bool

    init(key: String, role: Role, field: Field?, shape: RelationShape?, isExpectedShape: Bool, idType: IdentityType?) {
        self.key = key
        self.role = role
        self.field = field
        self.shape = shape
        self.isExpectedShape = isExpectedShape
        self.idType = idType
        let relation = field?.relation
        switch role {
        case .identity, .scope, .createdAt, .updatedAt, .version, .tombstone:
            mustBeEmitted = true
        case .field:
            mustBeEmitted = isExpectedShape && field?.emit == .always
        }
        if case .attribute(let type, _)? = field?.kind {
            attributeType = type
        } else {
            attributeType = nil
        }
        isToManyForeignKey = relation?.many == true && shape == .foreignKey
        isList = relation?.many == true || attributeType == .stringList
        isNullable = role == .tombstone || (field?.nullable ?? false)
    }

    static func specs(for resource: Resource, endpoint: Endpoint?, contract: Contract) -> [KeySpec] {
        func idType(of name: String) -> IdentityType {
            contract.resource(named: name)?.identity.type ?? .string
        }
        var specs = [
            KeySpec(
                key: resource.identity.key, role: .identity, field: nil, shape: nil, isExpectedShape: true,
                idType: resource.identity.type)
        ]
        if let scope = resource.scope {
            specs.append(
                KeySpec(
                    key: scope.key, role: .scope, field: nil, shape: nil, isExpectedShape: true,
                    idType: idType(of: scope.parent)))
        }
        for field in resource.fields {
            guard let relation = field.relation else {
                specs.append(
                    KeySpec(key: field.key(), role: .field, field: field, shape: nil, isExpectedShape: true, idType: nil))
                continue
            }
            let expected = endpoint?.shape(of: field) ?? relation.shape
            for shape in [RelationShape.foreignKey, .nested] {
                specs.append(
                    KeySpec(
                        key: field.key(in: shape), role: .field, field: field, shape: shape,
                        isExpectedShape: shape == expected, idType: idType(of: relation.target)))
            }
        }
        let sync = resource.sync
        let metadata: [(String?, Role)] = [
            (sync.createdAt, .createdAt), (sync.updatedAt, .updatedAt), (sync.version, .version),
            (sync.tombstone, .tombstone),
        ]
        for case (let key?, let role) in metadata {
            specs.append(KeySpec(key: key, role: role, field: nil, shape: nil, isExpectedShape: true, idType: nil))
        }
        return specs
    }
}
