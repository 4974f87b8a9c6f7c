import Synchronization
public import TreatyCore
import TreatyJSON

/// Resources defined, changed and removed while the store runs — for dialects whose backends
/// change their schema through the API (PocketBase's collections API). Schema changes are part
/// of the store's state: snapshots keep them, and ``RecordStore/reset()`` returns to the
/// contract's resources.
extension RecordStore {
    /// The resources the store holds now, by name.
    public var resources: [Resource] {
        reading { $0.models.values.map(\.resource).sorted { $0.name < $1.name } }
    }

    /// The resource named `name`, if the store holds it.
    public func resource(named name: String) -> Resource? {
        reading { $0.models[name]?.resource }
    }

    /// Adds a resource, or changes the one with the same name. Records of a changed resource
    /// keep the values of keys it still declares, gain empty values (`null`, `[]`) for new keys
    /// and lose keys it no longer declares.
    public func define(_ resource: Resource) {
        writing { state in
            state.define(resource)
            commit([.define(resource)], in: &state)
        }
    }

    /// Removes a resource and every record of it.
    ///
    /// - Throws: ``StoreError`` `not_found` when the store holds no such resource.
    public func removeResource(named name: String) throws(StoreError) {
        try writing { state throws(StoreError) in
            try Self.requireResource(name, in: state)
            state.removeResource(named: name)
            commit([.remove(name)], in: &state)
            observe(.resourceRemoved(name))
        }
    }
}

extension StoreState {
    /// Adds or changes `resource` (``RecordStore/define(_:)``).
    mutating func define(_ resource: Resource) {
        var identities: [String: IdentityType] = [:]
        for model in models.values { identities[model.resource.name] = model.resource.identity.type }
        identities[resource.name] = resource.identity.type
        var changed: [String: ResourceModel] = [:]
        for model in models.values where model.resource.name != resource.name {
            changed[model.resource.name] = ResourceModel(model.resource, identities: identities)
        }
        let model = ResourceModel(resource, identities: identities)
        changed[resource.name] = model
        models = changed
        journalSchemaChange(of: resource.name)
        var table = tables[resource.name] ?? Table()
        for (id, row) in table.rows {
            var completed = row
            completed.record = StoreState.complete(row.record, model)
            table.rows[id] = completed
        }
        tables[resource.name] = table
    }

    /// Removes `name` and its records (``RecordStore/removeResource(named:)``).
    mutating func removeResource(named name: String) {
        journalSchemaChange(of: name)
        models[name] = nil
        tables[name] = nil
    }
}
