import TreatyCore
import TreatyJSON

/// What the store needs to know about one resource, compiled once from the contract.
struct ResourceModel: Sendable {
    /// One declared key of a stored record.
    struct Slot: Sendable {
        enum Kind: Sendable {
            case identity
            case scope(parent: String)
            case createdAt, updatedAt, version, tombstone
            case attribute(Field, FieldType)
            case toOne(Field, target: String)
            case toMany(Field, target: String)
        }

        let key: String
        let kind: Kind
    }

    let resource: Resource
    let slots: [Slot]
    /// The identity type of each relation target and the parent, by resource name.
    let identities: [String: IdentityType]
    let idKey: String
    let scopeKey: String?
    /// The declared keys in slot order, which stored records are packed under (see
    /// ``JSONObject/packed(in:)``); `nil` when the contract repeats a key.
    let shape: JSONShape?
    /// Where the keys the store tracks beside a record sit among the slots.
    let trackedSlots: TrackedSlots

    /// The positions, among the slots, of the keys the store reads into ``StoredRecord``.
    struct TrackedSlots: Sendable {
        var id = 0
        var scope: Int?
        var updatedAt: Int?
        var version: Int?
        var tombstone: Int?
    }

    init(_ resource: Resource, contract: Contract) {
        var identities: [String: IdentityType] = [:]
        for other in contract.resources { identities[other.name] = other.identity.type }
        self.init(resource, identities: identities)
    }

    /// A model for `resource`, with the identity types of the resources it may reference.
    init(_ resource: Resource, identities: [String: IdentityType]) {
        self.resource = resource
        self.identities = identities
        idKey = resource.identity.key
        scopeKey = resource.scope?.key
        var slots = [Slot(key: resource.identity.key, kind: .identity)]
        if let scope = resource.scope { slots.append(Slot(key: scope.key, kind: .scope(parent: scope.parent))) }
        for field in resource.fields {
            switch field.kind {
            case .attribute(let type, let key):
                slots.append(Slot(key: key, kind: .attribute(field, type)))
            case .relation(let relation):
                slots.append(
                    Slot(
                        key: relation.foreignKey,
                        kind: relation.many
                            ? .toMany(field, target: relation.target) : .toOne(field, target: relation.target)))
            }
        }
        let sync = resource.sync
        if let key = sync.createdAt { slots.append(Slot(key: key, kind: .createdAt)) }
        if let key = sync.updatedAt { slots.append(Slot(key: key, kind: .updatedAt)) }
        if let key = sync.version { slots.append(Slot(key: key, kind: .version)) }
        if let key = sync.tombstone { slots.append(Slot(key: key, kind: .tombstone)) }
        self.slots = slots
        shape = JSONShape(keys: slots.map(\.key))
        var tracked = TrackedSlots()
        for (position, slot) in slots.enumerated() {
            switch slot.kind {
            case .identity: tracked.id = position
            case .scope: tracked.scope = position
            case .updatedAt: tracked.updatedAt = position
            case .version: tracked.version = position
            case .tombstone: tracked.tombstone = position
            case .createdAt, .attribute, .toOne, .toMany: break
            }
        }
        trackedSlots = tracked
    }

    func targetIdentity(_ target: String) -> IdentityType {
        identities[target] ?? .string
    }

    func slot(forKey key: String) -> Slot? {
        slots.first { $0.key == key }
    }

    /// The value a declared key has when nothing set it: `[]` for to-many, `null` otherwise.
    static func emptyValue(_ slot: Slot) -> JSONValue {
        if case .toMany = slot.kind { return .array([]) }
        if case .attribute(_, .stringList) = slot.kind { return .array([]) }
        return .null
    }
}
