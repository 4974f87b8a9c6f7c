import TreatyCore
import TreatyQuery

extension PocketBaseCollection {
    /// The store resource that holds this collection's records.
    ///
    /// Identity `id` (a string the client may choose, `create: either`), one `json` attribute
    /// per field so the store keeps whatever the dialect stored, and no sync keys: PocketBase's
    /// `created`/`updated` are autodate fields the dialect stamps in PocketBase's own format, and
    /// deletes are hard deletes (no tombstone). PocketBase-level validation (types, required,
    /// relations, uniqueness) is the dialect's, through ``PocketBaseRecordWriter``.
    var storeResource: Resource {
        Resource(
            name: name,
            identity: Identity(key: "id", type: .string),
            create: .either,
            fields: fields.filter { $0.name != "id" }.map {
                Field(name: $0.name, kind: .attribute(.json, key: $0.name), nullable: true)
            },
            sync: SyncMetadata(createdAt: nil, updatedAt: nil, version: nil, tombstone: nil),
            internalKeys: [])
    }

    /// The collection as TreatyQuery sees it, for filters, sorts and API rules.
    ///
    /// - Parameter includeHidden: Whether hidden fields (and an auth collection's `password`
    ///   and `tokenKey`) can be filtered on: only superusers may.
    /// - Returns: The resource schema.
    func querySchema(includeHidden: Bool, collections: [PocketBaseCollection]) -> ResourceSchema {
        var kinds: [String: FieldKind] = [:]
        for field in fields where field.name != "id" {
            if !includeHidden, field.hidden || (type == .auth && ["password", "tokenKey"].contains(field.name)) {
                continue
            }
            kinds[field.name] = field.queryKind(collections: collections)
        }
        return ResourceSchema(name, fields: kinds)
    }
}

extension PocketBaseField {
    /// The nearest TreatyQuery kind.
    func queryKind(collections: [PocketBaseCollection]) -> FieldKind {
        switch options {
        case .number: return .float
        case .bool: return .bool
        case .date, .autodate: return .date
        case .json, .geoPoint: return .json
        case .select, .file: return isMultiple ? .list(of: .string) : .string
        case .relation(let relation):
            let target = collections.first { $0.id == relation.collectionId }?.name ?? relation.collectionId
            return .relation(to: target, many: isMultiple)
        default: return .string
        }
    }
}
