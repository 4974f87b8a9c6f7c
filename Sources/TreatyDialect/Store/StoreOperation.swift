public import TreatyJSON

/// One write for ``RecordStore/apply(_:mode:)``: what dialects with batch endpoints (rest-sync's
/// `/sync/upload`, PocketBase's `/api/batch`, CloudKit's `records/modify`) turn each entry into.
///
/// Build one with the static constructors, which read like the single-operation methods:
///
/// ```swift
/// let result = store.apply([
///     .create("project", body: project),
///     .update("task", id: "T1", patch: ["title": "Renamed"], expectedVersion: 7),
///     .delete("task", id: "T2"),
/// ], mode: .atomic)
/// ```
public struct StoreOperation: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case create(scope: Scope?, body: JSONValue)
        case change(id: String, scope: Scope?, input: JSONValue, write: WriteOptions)
        case delete(id: String, scope: Scope?, expectedVersion: Int64?)
        case upsertIfNewer(id: String, record: JSONValue, updatedAt: Int64)
        case deleteIfNewer(id: String, updatedAt: Int64)
    }

    /// How an update or replace treats the record's fields and its current state.
    struct WriteOptions: Sendable, Hashable {
        var replacing: Bool
        var writable: [String]?
        var expectedVersion: Int64?
        var creatingIfMissing: Bool
    }

    /// The resource the operation writes.
    public let resource: String
    let kind: Kind

    init(resource: String, kind: Kind) {
        self.resource = resource
        self.kind = kind
    }

    /// Creates a record, as ``RecordStore/create(_:scope:body:)`` does.
    ///
    /// Without a scope, a scoped resource's parent key must be in `body` and name a live
    /// parent (`missing_field`, `invalid_reference`).
    public static func create(_ resource: String, scope: Scope? = nil, body: JSONValue) -> StoreOperation {
        StoreOperation(resource: resource, kind: .create(scope: scope, body: body))
    }

    /// Changes the keys `patch` carries, as
    /// ``RecordStore/update(_:id:scope:patch:writable:expectedVersion:)`` does.
    ///
    /// - Parameters:
    ///   - expectedVersion: When set, the record's current version must equal it, else the
    ///     operation fails with `conflict` (CloudKit's `recordChangeTag`, FileMaker's `modId`).
    ///   - creatingIfMissing: When no record has `id`, create it from `patch` (CloudKit's
    ///     `forceUpdate`, PocketBase's batch `PUT`); a tombstone with that id is revived.
    public static func update(
        _ resource: String,
        id: String,
        scope: Scope? = nil,
        patch: JSONValue,
        writable: [String]? = nil,
        expectedVersion: Int64? = nil,
        creatingIfMissing: Bool = false
    ) -> StoreOperation {
        let write = WriteOptions(
            replacing: false, writable: writable, expectedVersion: expectedVersion, creatingIfMissing: creatingIfMissing
        )
        return StoreOperation(resource: resource, kind: .change(id: id, scope: scope, input: patch, write: write))
    }

    /// Replaces a record's writable fields, as
    /// ``RecordStore/replace(_:id:scope:record:writable:expectedVersion:)`` does.
    ///
    /// - Parameters:
    ///   - expectedVersion: When set, the record's current version must equal it (`conflict`).
    ///   - creatingIfMissing: When no record has `id`, create it from `record` (CloudKit's
    ///     `forceReplace`); a tombstone with that id is revived.
    public static func replace(
        _ resource: String,
        id: String,
        scope: Scope? = nil,
        record: JSONValue,
        writable: [String]? = nil,
        expectedVersion: Int64? = nil,
        creatingIfMissing: Bool = false
    ) -> StoreOperation {
        let write = WriteOptions(
            replacing: true, writable: writable, expectedVersion: expectedVersion, creatingIfMissing: creatingIfMissing)
        return StoreOperation(resource: resource, kind: .change(id: id, scope: scope, input: record, write: write))
    }

    /// Deletes a record, leaving a tombstone, as ``RecordStore/delete(_:id:scope:expectedVersion:)``
    /// does.
    ///
    /// - Parameter expectedVersion: When set, the record's current version must equal it
    ///   (`conflict`).
    public static func delete(
        _ resource: String,
        id: String,
        scope: Scope? = nil,
        expectedVersion: Int64? = nil
    ) -> StoreOperation {
        StoreOperation(resource: resource, kind: .delete(id: id, scope: scope, expectedVersion: expectedVersion))
    }

    /// Writes `record` under `id` unless the stored record was written at or after `updatedAt`
    /// (last writer wins; ties lose, so an identical retry is stale).
    ///
    /// - A record that exists and lost: the outcome is ``BatchResult/Outcome/stale(_:)`` with
    ///   the stored record (or tombstone); nothing changes.
    /// - A record that exists and won: `record` is applied with update semantics (missing keys
    ///   unchanged, `null` clears), a tombstone is revived, and the server sets `updated_at` and
    ///   `version` as for any update.
    /// - No record: it is created from `record` with `id`; `updated_at` is `updatedAt` and a
    ///   missing `created_at` is `updatedAt` too (when the contract lets the client own them).
    ///
    /// A scoped resource's parent key travels in `record`; changing it is `immutable_field`.
    ///
    /// - Parameter updatedAt: The client's edit time, in milliseconds since 1970.
    public static func upsertIfNewer(_ resource: String, id: String, record: JSONValue, updatedAt: Int64)
        -> StoreOperation
    {
        StoreOperation(resource: resource, kind: .upsertIfNewer(id: id, record: record, updatedAt: updatedAt))
    }

    /// Deletes `id` unless the stored record was written at or after `updatedAt` (then the
    /// outcome is stale, with the stored record).
    ///
    /// Deleting an id that never existed, or one already deleted, succeeds without a write
    /// (``BatchResult/Outcome/applied(_:)`` with `nil` or the tombstone), so retries are safe.
    ///
    /// - Parameter updatedAt: The client's edit time, in milliseconds since 1970.
    public static func deleteIfNewer(_ resource: String, id: String, updatedAt: Int64) -> StoreOperation {
        StoreOperation(resource: resource, kind: .deleteIfNewer(id: id, updatedAt: updatedAt))
    }
}
