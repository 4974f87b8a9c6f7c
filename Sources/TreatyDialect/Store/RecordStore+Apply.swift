import TreatyCore
import TreatyJSON

/// What one write changed in the store's state, enough to undo it.
struct StoreChange: Sendable {
    let resource: String
    let id: String
    /// The row before the write; `nil` when the write created it.
    let previous: StoredRecord?
    /// Whether the write appended the id to its table's insertion order.
    let appended: Bool
    /// Where a hard delete took the id out of its table's insertion order.
    var removedAt: Int? = nil
}

/// The writes themselves, on state the caller holds the lock for. Each checks everything before
/// it changes anything, so a thrown error leaves `state` untouched.
extension RecordStore {
    func applyCreate(
        _ resource: String,
        scope: Scope?,
        body: JSONValue,
        id fixedID: String? = nil,
        stamp: Int64? = nil,
        in state: inout StoreState,
        now: Int64
    ) throws(StoreError) -> (record: JSONObject, change: StoreChange) {
        let model = try Self.model(resource, in: state)
        guard case .object(let input) = body else {
            throw StoreError(.invalidValue, "the body must be a JSON object")
        }
        if let scope { try Self.requireParent(scope, in: state) }
        try Self.rejectUnknownKeys(input, model)
        let authority = model.resource.create
        let sync = model.resource.sync
        var record = input
        if let fixedID {
            if let given = input[model.idKey], !given.isNull, StoreState.idText(given) != fixedID {
                throw StoreError(
                    .invalidValue, field: model.idKey, "'\(model.idKey)' must be the addressed id '\(fixedID)'")
            }
            let number = model.resource.identity.type == .int ? JSONNumber(text: fixedID) : nil
            record[model.idKey] = number.map(JSONValue.number) ?? .string(fixedID)
        }
        if let scope, let key = model.scopeKey {
            if let given = input[key], given != .null, given != .string(scope.id) {
                throw StoreError(
                    .invalidValue, field: key, "'\(key)' must match the path's \(scope.parent) '\(scope.id)'")
            }
            record[key] = .string(scope.id)
        }
        let clientKeys = [model.idKey, sync.createdAt, sync.updatedAt].compactMap { $0 }
        if authority == .client {
            for key in clientKeys where Self.isAbsent(record[key]) {
                throw StoreError(
                    .missingField, field: key, "'\(key)' is required: the client owns identity and timestamps")
            }
        }
        if scope == nil, let key = model.scopeKey, Self.isAbsent(record[key]) {
            throw StoreError(
                .missingField, field: key,
                "'\(key)' is required: it names the record's \(model.resource.scope?.parent ?? "parent")")
        }
        for slot in model.slots where Self.isRequired(slot) && input[slot.key] == nil {
            throw StoreError(.missingField, field: slot.key, "'\(slot.key)' is required")
        }
        let timestamp = state.nextTimestamp(now: now)
        var random = state.random
        if fixedID == nil, authority == .server || (authority == .either && Self.isAbsent(input[model.idKey])) {
            record[model.idKey] = .string(random.uuid())
        }
        for key in [sync.createdAt, sync.updatedAt].compactMap({ $0 })
        where authority == .server || Self.isAbsent(record[key]) {
            record[key] = .string(TimestampText.format(timestamp))
        }
        guard let id = StoreState.idText(record[model.idKey]),
            FieldValidation.isID(record[model.idKey] ?? .null, model.resource.identity.type)
        else {
            throw StoreError(.invalidValue, field: model.idKey, "'\(model.idKey)' must be \(Self.idExpectation(model))")
        }
        if state.tables[resource]?.rows[id] != nil {
            throw StoreError(.duplicateID, field: model.idKey, "\(resource) '\(id)' already exists (live or deleted)")
        }
        if scope == nil { try Self.checkParentReference(record, model, in: state) }
        try Self.checkReferences(record, model, in: state)
        var normalized = try Self.validate(record, model, creating: true)
        let updatedMs =
            sync.updatedAt.flatMap { normalized[$0]?.stringValue }.flatMap(TimestampText.milliseconds) ?? timestamp
        state.lastMutation = timestamp
        state.random = random
        let version = state.nextVersion()
        if let key = sync.version { normalized[key] = .number(JSONNumber(version)) }
        if let key = sync.tombstone { normalized[key] = .null }
        let stored = StoreState.complete(normalized, model)
        state.tables[resource, default: Table()].rows[id] = StoredRecord(
            record: stored, updated: updatedMs, version: version, deleted: false,
            parent: model.scopeKey.flatMap { stored[$0]?.stringValue }, writeStamp: stamp ?? updatedMs)
        state.tables[resource, default: Table()].order.append(id)
        return (stored, StoreChange(resource: resource, id: id, previous: nil, appended: true))
    }

    /// An update (or, with `write.replacing`, a replace) of record `id`.
    ///
    /// With `reviving`, a tombstone is written back to life; with `write.creatingIfMissing`, an
    /// id no record has is created. `stamp` is the client's edit time for last-writer-wins.
    func applyChange(
        _ resource: String,
        id: String,
        scope: Scope?,
        input body: JSONValue,
        write: StoreOperation.WriteOptions,
        reviving: Bool = false,
        stamp: Int64? = nil,
        in state: inout StoreState,
        now: Int64
    ) throws(StoreError) -> (record: JSONObject, change: StoreChange) {
        let model = try Self.model(resource, in: state)
        guard case .object(let input) = body else {
            throw StoreError(.invalidValue, "the body must be a JSON object")
        }
        let row: StoredRecord
        if reviving || write.creatingIfMissing {
            if let scope { try Self.requireParent(scope, in: state) }
            guard let existing = state.tables[resource]?.rows[id] else {
                guard write.creatingIfMissing else { throw Self.notFound(resource, id: id, scope: scope) }
                return try applyCreate(resource, scope: scope, body: body, id: id, stamp: stamp, in: &state, now: now)
            }
            guard scope == nil || existing.parent == scope?.id else {
                throw Self.notFound(resource, id: id, scope: scope)
            }
            row = existing
        } else {
            row = try Self.liveRow(resource, id: id, scope: scope, in: state)
        }
        if let expected = write.expectedVersion, expected != row.version {
            throw StoreError(.conflict, "\(resource) '\(id)' is at version \(row.version), not \(expected)")
        }
        try Self.rejectUnknownKeys(input, model)
        let sync = model.resource.sync
        let serverOwned = Set([sync.updatedAt, sync.version, sync.tombstone].compactMap { $0 })
        var record = row.record
        for member in input where !serverOwned.contains(member.key) {
            guard let slot = model.slot(forKey: member.key) else { continue }
            if !Self.allows(write.writable, slot) {
                throw StoreError(.invalidValue, field: member.key, "this endpoint does not write '\(member.key)'")
            }
            if Self.isImmutable(slot), member.value != row.record[member.key] {
                throw StoreError(.immutableField, field: member.key, "'\(member.key)' cannot change after create")
            }
            record[member.key] = member.value
        }
        if write.replacing {
            for slot in model.slots
            where Self.isReplaceable(slot) && Self.allows(write.writable, slot) && !input.containsKey(slot.key) {
                if Self.isRequired(slot) {
                    throw StoreError(
                        .missingField, field: slot.key, "'\(slot.key)' is required: a replace sets every field")
                }
                record[slot.key] = nil
            }
        }
        if let key = sync.tombstone { record[key] = .null }
        try Self.checkReferences(record, model, in: state)
        var normalized = try Self.validate(record, model, creating: false)
        let timestamp = max(state.tick(now: now), row.updated + 1)
        state.lastMutation = max(state.lastMutation, timestamp)
        let version = state.nextVersion()
        if let key = sync.updatedAt { normalized[key] = .string(TimestampText.format(timestamp)) }
        if let key = sync.version { normalized[key] = .number(JSONNumber(version)) }
        let stored = StoreState.complete(normalized, model)
        state.tables[resource]?.rows[id] = StoredRecord(
            record: stored, updated: timestamp, version: version, deleted: false, parent: row.parent,
            writeStamp: stamp ?? timestamp)
        return (stored, StoreChange(resource: resource, id: id, previous: row, appended: false))
    }

    func applyDelete(
        _ resource: String,
        id: String,
        scope: Scope?,
        expectedVersion: Int64?,
        stamp: Int64? = nil,
        in state: inout StoreState,
        now: Int64
    ) throws(StoreError) -> (record: JSONObject, change: StoreChange) {
        let model = try Self.model(resource, in: state)
        let row = try Self.liveRow(resource, id: id, scope: scope, in: state)
        if let expectedVersion, expectedVersion != row.version {
            throw StoreError(.conflict, "\(resource) '\(id)' is at version \(row.version), not \(expectedVersion)")
        }
        let timestamp = max(state.tick(now: now), row.updated + 1)
        state.lastMutation = max(state.lastMutation, timestamp)
        let version = state.nextVersion()
        var record = row.record
        let sync = model.resource.sync
        guard let tombstoneKey = sync.tombstone else {
            // No tombstone key: the record goes for good, and its id may be used again.
            state.tables[resource]?.rows[id] = nil
            let position = state.tables[resource]?.order.firstIndex(of: id)
            if let position { state.tables[resource]?.order.remove(at: position) }
            return (
                row.record, StoreChange(resource: resource, id: id, previous: row, appended: false, removedAt: position)
            )
        }
        record[tombstoneKey] = .string(TimestampText.format(timestamp))
        if let key = sync.updatedAt { record[key] = .string(TimestampText.format(timestamp)) }
        if let key = sync.version { record[key] = .number(JSONNumber(version)) }
        state.tables[resource]?.rows[id] = StoredRecord(
            record: record, updated: timestamp, version: version, deleted: true, parent: row.parent,
            writeStamp: stamp ?? timestamp)
        return (record, StoreChange(resource: resource, id: id, previous: row, appended: false))
    }
}
