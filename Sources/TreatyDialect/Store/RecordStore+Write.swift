internal import Synchronization
public import TreatyJSON

extension RecordStore {
    /// Creates a record from `body` under `scope`.
    ///
    /// Checks run in rest-sync's order and the first failure is thrown: required keys
    /// (`missing_field`; with client-owned identity also id, `created_at`, `updated_at`) →
    /// duplicate id, live or deleted (`duplicate_id`) → references (`invalid_reference`) →
    /// values (`invalid_value`). Nothing is written unless every check passes.
    ///
    /// Without `scope`, a scoped resource's parent key must be in `body` (`missing_field`) and
    /// name a live parent (`invalid_reference`).
    ///
    /// - Returns: The stored record, every declared key present.
    public func create(_ resource: String, scope: Scope? = nil, body: JSONValue) throws(StoreError) -> JSONObject {
        let now = Self.wallClock()
        return try writing { state throws(StoreError) -> JSONObject in
            try journaled(
                applyCreate(resource, scope: scope, body: body, in: &state, now: now), in: &state)
        }
    }

    /// Changes the keys `patch` carries: a missing key leaves its value alone, `null` clears it,
    /// `[]` (or `null`) clears a to-many membership, and a list replaces membership as a set.
    ///
    /// `updated_at` becomes max(now, previous + 1 ms) and `version` the next store-wide
    /// version, whatever the client sent. Changing an immutable field (id, parent key,
    /// `created_at`, fields declared `immutable`) is `immutable_field`; repeating its current
    /// value is fine. Checks run in this order: the record exists (`not_found`) → the expected
    /// version (`conflict`) → unknown keys and fields the endpoint does not write
    /// (`invalid_value`) → immutable fields (`immutable_field`) → references → values.
    ///
    /// - Parameters:
    ///   - writable: When set, the only fields the endpoint accepts (by field name).
    ///   - expectedVersion: When set, the record's current version must equal it (`conflict`).
    public func update(
        _ resource: String,
        id: String,
        scope: Scope? = nil,
        patch: JSONValue,
        writable: [String]? = nil,
        expectedVersion: Int64? = nil
    ) throws(StoreError) -> JSONObject {
        let now = Self.wallClock()
        let write = StoreOperation.WriteOptions(
            replacing: false, writable: writable, expectedVersion: expectedVersion, creatingIfMissing: false)
        return try writing { state throws(StoreError) -> JSONObject in
            try journaled(
                applyChange(resource, id: id, scope: scope, input: patch, write: write, in: &state, now: now),
                in: &state)
        }
    }

    /// Replaces a record's writable fields with `record`: every field that may change after
    /// create and is not in `record` becomes empty (`null`, or `[]` for to-many and list
    /// fields) — PUT semantics, CloudKit's `replace`.
    ///
    /// Immutable keys (id, parent key, `created_at`, fields declared `immutable`) are not
    /// replaced: omitted, they keep their value; given, they must equal it
    /// (`immutable_field`). `updated_at`, `version` and the tombstone key are the server's and
    /// ignored. A required field missing from `record` is `missing_field`. Checks run as for
    /// ``update(_:id:scope:patch:writable:expectedVersion:)``, with required keys after the
    /// immutable ones, and nothing is written unless all pass; `updated_at` and `version`
    /// advance as for an update.
    ///
    /// - Parameters:
    ///   - writable: When set, the only fields the endpoint accepts and replaces; fields
    ///     outside it keep their values.
    ///   - expectedVersion: When set, the record's current version must equal it (`conflict`).
    /// - Returns: The stored record.
    public func replace(
        _ resource: String,
        id: String,
        scope: Scope? = nil,
        record: JSONValue,
        writable: [String]? = nil,
        expectedVersion: Int64? = nil
    ) throws(StoreError) -> JSONObject {
        let now = Self.wallClock()
        let write = StoreOperation.WriteOptions(
            replacing: true, writable: writable, expectedVersion: expectedVersion, creatingIfMissing: false)
        return try writing { state throws(StoreError) -> JSONObject in
            try journaled(
                applyChange(resource, id: id, scope: scope, input: record, write: write, in: &state, now: now),
                in: &state)
        }
    }

    /// Deletes a record, leaving a tombstone: the tombstone key and `updated_at` are set to now
    /// and the version bumps. Full lists and GET no longer show it; incremental feeds do, and
    /// its id stays taken. A resource without a tombstone key deletes for good (as PocketBase
    /// does): the record is gone and its id free again.
    ///
    /// - Parameter expectedVersion: When set, the record's current version must equal it
    ///   (`conflict`).
    /// - Returns: The tombstone.
    @discardableResult
    public func delete(
        _ resource: String,
        id: String,
        scope: Scope? = nil,
        expectedVersion: Int64? = nil
    ) throws(StoreError) -> JSONObject {
        let now = Self.wallClock()
        return try writing { state throws(StoreError) -> JSONObject in
            try journaled(
                applyDelete(resource, id: id, scope: scope, expectedVersion: expectedVersion, in: &state, now: now),
                in: &state)
        }
    }

    /// Runs a write under the writer lock (``transaction(_:)``) and the state lock, then — unless
    /// it is part of an open transaction — tells observers what it committed, still under the
    /// writer lock so that notifications keep commit order.
    func writing<Result, Failure: Error>(_ body: (inout StoreState) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try writers.withLock(owning: false) { nested throws(Failure) -> Result in
            defer { if !nested { observers.deliver() } }
            return try state.withLock { state throws(Failure) -> Result in try body(&state) }
        }
    }

    /// The record a write stored, its change committed (``commit(changes:in:)``).
    func journaled(_ write: (record: JSONObject, change: StoreChange), in state: inout StoreState) -> JSONObject {
        commit(changes: CollectionOfOne(write.change), in: &state)
        return write.record
    }
}
