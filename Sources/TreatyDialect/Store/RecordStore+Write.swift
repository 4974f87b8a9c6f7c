public import TreatyJSON
import Synchronization
import TreatyCore
import TreatyCore

extension RecordStore {
    /// Creates a record from `body` under `scope`.
    ///
    /// Checks run in rest-sync's order and the first failure is thrown: required keys
    /// (`missing_field`; with client-owned identity also id, `created_at`, `updated_at`) →
    /// duplicate id, live or deleted (`duplicate_id`) → references (`invalid_reference`) →
    /// values (`invalid_value`). Nothing is written unless every check passes.
    ///
    /// - Returns: The stored record, every declared key present.
    public func create(_ resource: String, scope: Scope? = nil, body: JSONValue) throws(StoreError) -> JSONObject {
        let model = try model(resource)
        guard case .object(let input) = body else {
            throw StoreError(.invalidValue, "the body must be a JSON object")
        }
        let now = Self.wallClock()
        return try state.withLock { state throws(StoreError) -> JSONObject in
            if let scope { try Self.requireParent(scope, in: state) }
            try Self.rejectUnknownKeys(input, model)
            let authority = model.resource.create
            let sync = model.resource.sync
            var record = input
            if let scope, let key = model.scopeKey {
                if let given = input[key], given != .null, given != .string(scope.id) {
                    throw StoreError(.invalidValue, field: key, "'\(key)' must match the path's \(scope.parent) '\(scope.id)'")
                }
                record[key] = .string(scope.id)
            }
            let clientKeys = [model.idKey, sync.createdAt, sync.updatedAt].compactMap { $0 }
            if authority == .client {
                for key in clientKeys where Self.isAbsent(input[key]) {
                    throw StoreError(.missingField, field: key, "'\(key)' is required: the client owns identity and timestamps")
                }
            }
            for slot in model.slots where Self.isRequired(slot) && input[slot.key] == nil {
                throw StoreError(.missingField, field: slot.key, "'\(slot.key)' is required")
            }
            let timestamp = state.nextTimestamp(now: now)
            var random = state.random
            if authority == .server || (authority == .either && Self.isAbsent(input[model.idKey])) {
                record[model.idKey] = .string(random.uuid())
            }
            for key in [sync.createdAt, sync.updatedAt].compactMap({ $0 })
            where authority == .server || Self.isAbsent(input[key]) {
                record[key] = .string(TimestampText.format(timestamp))
            }
            guard let id = StoreState.idText(record[model.idKey]), FieldValidation.isID(record[model.idKey] ?? .null, model.resource.identity.type)
            else {
                throw StoreError(.invalidValue, field: model.idKey, "'\(model.idKey)' must be \(Self.idExpectation(model))")
            }
            if state.tables[resource]?.rows[id] != nil {
                throw StoreError(.duplicateID, field: model.idKey, "\(resource) '\(id)' already exists (live or deleted)")
            }
            try Self.checkReferences(record, model, in: state)
            var normalized = try Self.validate(record, model, creating: true)
            let updatedMs = sync.updatedAt.flatMap { normalized[$0]?.stringValue }.flatMap(TimestampText.milliseconds) ?? timestamp
            state.lastMutation = timestamp
            state.random = random
            let version = state.nextVersion()
            if let key = sync.version { normalized[key] = .number(JSONNumber(version)) }
            if let key = sync.tombstone { normalized[key] = .null }
            let stored = StoreState.complete(normalized, model)
            state.tables[resource, default: Table()].rows[id] = StoredRecord(
                record: stored, updated: updatedMs, version: version, deleted: false,
                parent: model.scopeKey.flatMap { stored[$0]?.stringValue })
            state.tables[resource, default: Table()].order.append(id)
            return stored
        }
    }

    /// Changes the keys `patch` carries: a missing key leaves its value alone, `null` clears it,
    /// `[]` (or `null`) clears a to-many membership, and a list replaces membership as a set.
    ///
    /// `updated_at` becomes max(now, previous + 1 ms) and `version` the next store-wide
    /// version, whatever the client sent. Changing an immutable field (id, parent key,
    /// `created_at`, fields declared `immutable`) is `immutable_field`; repeating its current
    /// value is fine.
    ///
    /// - Parameter writable: When set, the only fields the endpoint accepts (by field name).
    public func update(
        _ resource: String,
        id: String,
        scope: Scope? = nil,
        patch: JSONValue,
        writable: [String]? = nil
    ) throws(StoreError) -> JSONObject {
        let model = try model(resource)
        guard case .object(let input) = patch else {
            throw StoreError(.invalidValue, "the body must be a JSON object")
        }
        let now = Self.wallClock()
        return try state.withLock { state throws(StoreError) -> JSONObject in
            let row = try Self.liveRow(resource, id: id, scope: scope, in: state)
            try Self.rejectUnknownKeys(input, model)
            let sync = model.resource.sync
            let serverOwned = Set([sync.updatedAt, sync.version, sync.tombstone].compactMap { $0 })
            var record = row.record
            for member in input where !serverOwned.contains(member.key) {
                guard let slot = model.slot(forKey: member.key) else { continue }
                if let writable, !Self.slotName(slot).map(writable.contains).isTrue {
                    throw StoreError(.invalidValue, field: member.key, "this endpoint does not write '\(member.key)'")
                }
                if Self.isImmutable(slot), member.value != row.record[member.key] {
                    throw StoreError(.immutableField, field: member.key, "'\(member.key)' cannot change after create")
                }
                record[member.key] = member.value
            }
            try Self.checkReferences(record, model, in: state)
            var normalized = try Self.validate(record, model, creating: false)
            let timestamp = max(state.tick(now: now), row.updated + 1)
            state.lastMutation = max(state.lastMutation, timestamp)
            let version = state.nextVersion()
            if let key = sync.updatedAt { normalized[key] = .string(TimestampText.format(timestamp)) }
            if let key = sync.version { normalized[key] = .number(JSONNumber(version)) }
            let stored = StoreState.complete(normalized, model)
            state.tables[resource]?.rows[id] = StoredRecord(
                record: stored, updated: timestamp, version: version, deleted: false, parent: row.parent)
            return stored
        }
    }

    /// Deletes a record, leaving a tombstone: the tombstone key and `updated_at` are set to now
    /// and the version bumps. Full lists and GET no longer show it; incremental feeds do, and
    /// its id stays taken.
    ///
    /// - Returns: The tombstone.
    @discardableResult
    public func delete(_ resource: String, id: String, scope: Scope? = nil) throws(StoreError) -> JSONObject {
        let model = try model(resource)
        let now = Self.wallClock()
        return try state.withLock { state throws(StoreError) -> JSONObject in
            let row = try Self.liveRow(resource, id: id, scope: scope, in: state)
            let timestamp = max(state.tick(now: now), row.updated + 1)
            state.lastMutation = max(state.lastMutation, timestamp)
            let version = state.nextVersion()
            var record = row.record
            let sync = model.resource.sync
            if let key = sync.tombstone { record[key] = .string(TimestampText.format(timestamp)) }
            if let key = sync.updatedAt { record[key] = .string(TimestampText.format(timestamp)) }
            if let key = sync.version { record[key] = .number(JSONNumber(version)) }
            state.tables[resource]?.rows[id] = StoredRecord(
                record: record, updated: timestamp, version: version, deleted: true, parent: row.parent)
            return record
        }
    }

    static func isAbsent(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: true
        case .string(let text)?: text.isEmpty
        default: false
        }
    }

    static func idExpectation(_ model: ResourceModel) -> String {
        switch model.resource.identity.type {
        case .uuid: "a UUID string"
        case .string: "a non-empty string"
        case .int: "an integer"
        }
    }

    static func slotName(_ slot: ResourceModel.Slot) -> String? {
        switch slot.kind {
        case .attribute(let field, _), .toOne(let field, _), .toMany(let field, _): field.name
        default: nil
        }
    }

    static func isRequired(_ slot: ResourceModel.Slot) -> Bool {
        switch slot.kind {
        case .attribute(let field, _), .toOne(let field, _), .toMany(let field, _): field.required
        default: false
        }
    }

    static func isImmutable(_ slot: ResourceModel.Slot) -> Bool {
        switch slot.kind {
        case .identity, .scope, .createdAt: true
        case .attribute(let field, _), .toOne(let field, _), .toMany(let field, _): field.immutable
        default: false
        }
    }

    static func rejectUnknownKeys(_ input: JSONObject, _ model: ResourceModel) throws(StoreError) {
        for member in input where model.slot(forKey: member.key) == nil {
            let known = model.slots.map(\.key)
            let hint = Suggestion.closest(to: member.key, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            throw StoreError(.invalidValue, field: member.key, "'\(member.key)' is not a field of \(model.resource.name)\(hint)")
        }
    }
}

extension Optional<Bool> {
    /// `true` only for `.some(true)`.
    fileprivate var isTrue: Bool { self == true }
}
