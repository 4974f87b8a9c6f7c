internal import TreatyCore
public import TreatyJSON

extension RecordStore {
    /// Puts a record a live backend answered into the store as a fixture would hold it
    /// (`treaty serve --spy URL --record`): added when its id is new, replacing the row
    /// otherwise, with the record's own timestamps, version and tombstone.
    ///
    /// Unlike ``create(_:scope:body:)`` nothing is stamped or generated: the record is what the
    /// live backend holds. Undeclared keys are dropped and missing declared keys made empty,
    /// as fixtures are; references are not checked (the records they name may not be absorbed
    /// yet). The write is committed like any other (observers, the commit log), and a
    /// ``reset()`` drops it with every other change since start-up.
    ///
    /// - Parameters:
    ///   - record: The canonical record, keyed by the resource's declared keys.
    ///   - resource: The resource it belongs to.
    /// - Returns: The stored record.
    /// - Throws: ``StoreError`` (`not_found`) when the store has no such resource, or
    ///   (`invalid_value`) when the record has no id.
    @discardableResult
    public func absorb(_ record: JSONObject, into resource: String) throws(StoreError) -> JSONObject {
        let now = Self.wallClock()
        return try writing { state throws(StoreError) -> JSONObject in
            let model = try Self.model(resource, in: state)
            guard let id = StoreState.idText(record[model.idKey]) else {
                throw StoreError(.invalidValue, field: model.idKey, "the record has no '\(model.idKey)'")
            }
            let sync = model.resource.sync
            let updated =
                sync.updatedAt.flatMap { record[$0]?.stringValue }.flatMap(TimestampText.milliseconds)
                ?? state.nextTimestamp(now: now)
            let version = sync.version.flatMap { record[$0]?.numberValue?.int64Value } ?? state.nextVersion()
            state.version = max(state.version, version)
            state.lastMutation = max(state.lastMutation, updated)
            let stored = StoreState.complete(record, model)
            let previous = state.tables[resource]?.rows[id]
            state.tables[resource, default: Table()].rows[id] = StoredRecord(
                record: stored, updated: updated, version: version,
                deleted: sync.tombstone.map { stored[$0].map { !$0.isNull } ?? false } ?? false,
                parent: model.scopeKey.flatMap { stored[$0]?.stringValue }, writeStamp: updated)
            if previous == nil { state.tables[resource, default: Table()].order.append(id) }
            let change = StoreChange(resource: resource, id: id, previous: previous, appended: previous == nil)
            return journaled((stored, change), in: &state)
        }
    }
}
