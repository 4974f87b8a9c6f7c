import Synchronization
import TreatyCore
public import TreatyJSON

extension RecordStore {
    /// The live records of `resource` in `scope`, ordered by the order field then id (or
    /// insertion order without one); with a cursor, the changes after it, tombstones included,
    /// ordered by `updated_at` (or version) then id.
    ///
    /// - Throws: ``StoreError`` `not_found` for an unknown parent, `invalid_query` for a
    ///   malformed cursor, `cursor_expired` for one older than tombstone retention.
    public func list(_ resource: String, scope: Scope? = nil, since cursor: SyncCursor? = nil) throws(StoreError)
        -> RecordList
    {
        let now = Self.wallClock()
        return try reading { state throws(StoreError) -> RecordList in
            let model = try Self.model(resource, in: state)
            if let scope { try Self.requireParent(scope, in: state) }
            guard let table = state.tables[resource] else { return RecordList(records: []) }
            let inScope = table.order.compactMap { id -> StoredRecord? in
                guard let row = table.rows[id], scope == nil || row.parent == scope?.id else { return nil }
                return row
            }
            guard let cursor else {
                var live = inScope.filter { !$0.deleted }
                if let orderKey = model.resource.orderKey {
                    live.sort { Self.orderPrecedes($0, $1, orderKey: orderKey, idKey: model.idKey) }
                }
                return RecordList(records: live.map(\.record))
            }
            switch cursor {
            case .updatedAfter(let text):
                guard let after = TimestampText.milliseconds(text) else {
                    throw StoreError(.invalidQuery, "'\(text)' is not a timestamp such as 2025-01-01T09:00:00.000Z")
                }
                guard state.expiryAge(of: after, now: now) <= retention else {
                    throw StoreError(.cursorExpired, "the cursor is older than tombstone retention; resync fully")
                }
                let changed = inScope.filter { $0.updated > after }.sorted {
                    $0.updated != $1.updated ? $0.updated < $1.updated : Self.idPrecedes($0, $1, idKey: model.idKey)
                }
                let next = changed.last.map { TimestampText.format($0.updated) } ?? text
                return RecordList(records: changed.map(\.record), cursor: next)
            case .sinceVersion(let text):
                guard let after = Int64(text), after >= 0 else {
                    throw StoreError(.invalidQuery, "'\(text)' is not a version number")
                }
                guard after >= state.purgedThroughVersion else {
                    throw StoreError(.cursorExpired, "the cursor is older than tombstone retention; resync fully")
                }
                let changed = inScope.filter { $0.version > after }.sorted {
                    $0.version != $1.version ? $0.version < $1.version : Self.idPrecedes($0, $1, idKey: model.idKey)
                }
                return RecordList(
                    records: changed.map(\.record), cursor: changed.last.map { String($0.version) } ?? text)
            }
        }
    }

    /// The live record `id` of `resource` in `scope`.
    ///
    /// - Throws: ``StoreError`` `not_found` when it does not exist, is deleted, or belongs to
    ///   another parent (RS-ID-4).
    public func get(_ resource: String, id: String, scope: Scope? = nil) throws(StoreError) -> JSONObject {
        try reading { state throws(StoreError) -> JSONObject in
            try Self.requireResource(resource, in: state)
            return try Self.liveRow(resource, id: id, scope: scope, in: state).record
        }
    }

    static func liveRow(_ resource: String, id: String, scope: Scope?, in state: StoreState) throws(StoreError)
        -> StoredRecord
    {
        if let scope { try requireParent(scope, in: state) }
        guard let row = state.tables[resource]?.rows[id], !row.deleted, scope == nil || row.parent == scope?.id else {
            throw notFound(resource, id: id, scope: scope)
        }
        return row
    }

    static func notFound(_ resource: String, id: String, scope: Scope?) -> StoreError {
        StoreError(.notFound, "no \(resource) '\(id)'\(scope.map { " in \($0.parent) '\($0.id)'" } ?? "")")
    }

    static func requireParent(_ scope: Scope, in state: StoreState) throws(StoreError) {
        guard let parent = state.tables[scope.parent]?.rows[scope.id], !parent.deleted else {
            throw StoreError(.notFound, "no \(scope.parent) '\(scope.id)'")
        }
    }

    static func idPrecedes(_ lhs: StoredRecord, _ rhs: StoredRecord, idKey: String) -> Bool {
        let left = StoreState.idText(lhs.record[idKey]) ?? ""
        let right = StoreState.idText(rhs.record[idKey]) ?? ""
        return left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    static func orderPrecedes(_ lhs: StoredRecord, _ rhs: StoredRecord, orderKey: String, idKey: String) -> Bool {
        let left = lhs.record[orderKey]?.numberValue?.int64Value ?? .max
        let right = rhs.record[orderKey]?.numberValue?.int64Value ?? .max
        return left != right ? left < right : idPrecedes(lhs, rhs, idKey: idKey)
    }

    /// Real time in milliseconds since 1970.
    static func wallClock() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
