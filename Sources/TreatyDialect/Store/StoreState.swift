import TreatyCore
import TreatyJSON

/// One stored record with what the store tracks beside it.
struct StoredRecord: Sendable {
    var record: JSONObject
    var updated: Int64
    var version: Int64
    var deleted: Bool
    var parent: String?
    /// The edit time last-writer-wins compares against: the client's `updatedAt` of the last
    /// upsert-if-newer or delete-if-newer that won, else `updated`.
    var writeStamp: Int64
}

/// One resource's records.
struct Table: Sendable {
    var rows: [String: StoredRecord] = [:] {
        didSet { changed() }
    }
    var order: [String] = [] {
        didSet { changed() }
    }
    /// Names this table's contents: a new number from ``TableRevision`` on every change, kept by
    /// snapshots with the contents it names (so a restore brings both back together).
    private(set) var revision = TableRevision.next()
    /// The live records in insertion order, kept until the next change.
    var liveRecords: [JSONObject]?

    private mutating func changed() {
        revision = TableRevision.next()
        liveRecords = nil
    }
}

/// Everything the store's lock protects.
struct StoreState: Sendable {
    /// The resources the store holds, by name: the contract's, plus any defined at runtime.
    var models: [String: ResourceModel]
    var tables: [String: Table] = [:]
    var version: Int64 = 0
    /// The timestamp of the last mutation (or the latest fixture timestamp).
    var lastMutation: Int64 = 0
    /// Versions at or below this were purged with their tombstones; older cursors are expired.
    var purgedThroughVersion: Int64 = 0
    var random: SeededGenerator
    /// The generator of ``RecordStore/random(_:)``: never put back — not by a rollback, a
    /// restore or a reset — so what it drew is never drawn again (its position is committed
    /// with every write).
    var draws: SeededGenerator
    var snapshots: [String: StoreState] = [:]
    /// What dialects keep beside the records (``RecordStore/attach(_:as:in:)``), by area and key.
    var attachments: [StoreAttachmentArea: [String: StoreAttachment]] = [:]
    /// The open transaction's undo log (``RecordStore/transaction(_:)``); `nil` when none is
    /// open. Readers outside the transaction see the state it rolls back to.
    var transaction: TransactionLog?
    let clock: StoreConfiguration.Clock
    /// The newest fixture timestamp: where the fixtures' history ends.
    private(set) var fixtureHistoryEnd: Int64 = 0
    /// On the system clock, the real instant the fixtures' history is taken to end at: when the
    /// store started (or was reset), or the newest fixture timestamp if that is later.
    private(set) var historyOrigin: Int64 = 0

    init(models: [String: ResourceModel], fixtures: FixtureSet, configuration: StoreConfiguration, now: Int64) {
        self.models = models
        random = SeededGenerator(seed: configuration.seed)
        draws = SeededGenerator(seed: configuration.seed &+ 0x9E37_79B9_7F4A_7C15)
        clock = configuration.clock
        if case .fixed(let start) = configuration.clock { lastMutation = start - 1 }
        for (name, model) in models {
            var table = Table()
            let records = fixtures.records[name] ?? []
            // Filled locally and assigned once: the table's observers run per assignment, and
            // 100,000 fixtures would otherwise rehash and renumber the table all the way up.
            var rows = [String: StoredRecord](minimumCapacity: records.count)
            var order: [String] = []
            order.reserveCapacity(records.count)
            // Records of one parent share one copy of its id (read from a packed record, each
            // would be a new string).
            var parents = Set<String>()
            let slots = model.trackedSlots
            for record in records {
                // Read by slot position from the completed record: no key lookups.
                let stored = Self.complete(record, model)
                guard let id = Self.idText(stored[slots.id].value) else { continue }
                let updated = slots.updatedAt.flatMap { stored[$0].value.stringValue }.flatMap(TimestampText.milliseconds) ?? 0
                let version = slots.version.flatMap { stored[$0].value.numberValue?.int64Value } ?? 0
                let deleted = slots.tombstone.map { !stored[$0].value.isNull } ?? false
                let parent = slots.scope.flatMap { stored[$0].value.stringValue }.map { parents.insert($0).memberAfterInsert }
                rows[id] = StoredRecord(
                    record: stored, updated: updated, version: version, deleted: deleted, parent: parent, writeStamp: updated)
                order.append(id)
                self.version = max(self.version, version)
                lastMutation = max(lastMutation, updated)
            }
            table.rows = rows
            table.order = order
            tables[name] = table
        }
        fixtureHistoryEnd = lastMutation
        historyOrigin = max(now, fixtureHistoryEnd)
    }

    /// Puts back the fixtures' history as a stored image recorded it.
    mutating func restoreHistory(end: Int64, origin: Int64) {
        fixtureHistoryEnd = end
        historyOrigin = origin
    }

    /// Starts the fixtures' history again at `now` (after a reset to the start-up state).
    mutating func restartHistory(now: Int64) {
        historyOrigin = max(now, fixtureHistoryEnd)
    }

    /// How old an incremental-sync cursor at `cursor` is, for tombstone retention.
    ///
    /// On a fixed clock it is the store clock minus the cursor. On the system clock the fixtures'
    /// history is taken to end when the store started: a cursor from the fixtures' time is as old
    /// as its distance to the newest fixture plus the time the store has been running, so a
    /// client syncing against year-old fixtures is not expired on its second sync. Cursors from
    /// after the start are measured against real time.
    func expiryAge(of cursor: Int64, now: Int64) -> Int64 {
        switch clock {
        case .fixed:
            return lastMutation - cursor
        case .system:
            let present = max(lastMutation, now)
            guard cursor < historyOrigin else { return present - cursor }
            return max(0, fixtureHistoryEnd - cursor) + (present - historyOrigin)
        }
    }

    /// `record` with every declared key present, in declared order, undeclared keys dropped,
    /// packed under the model's shape (values only, in one buffer: see ``JSONObject/packed(in:)``).
    static func complete(_ record: JSONObject, _ model: ResourceModel) -> JSONObject {
        if isCanonical(record, model) { return record }
        let completed =
            record.count == model.slots.count && zip(record.keys, model.slots).allSatisfy({ $0 == $1.key })
            ? record
            : JSONObject(
                model.slots.map { JSONObject.Member(key: $0.key, value: record[$0.key] ?? ResourceModel.emptyValue($0)) })
        return model.shape.flatMap(completed.packed(in:)) ?? completed
    }

    /// Whether `record` is already packed under the model's declared keys (fixtures are loaded
    /// so), which ``complete(_:_:)`` returns as it is.
    static func isCanonical(_ record: JSONObject, _ model: ResourceModel) -> Bool {
        guard record.isPacked, let shape = model.shape else { return false }
        return record.packed(in: shape) != nil
    }

    static func idText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .number(let number)?: number.text
        default: nil
        }
    }

    /// Undoes `changes`, newest first: each row goes back to what it was, and the insertion
    /// order with it. The counters (version, clock, id generator) are the caller's to restore.
    mutating func undo(_ changes: [StoreChange]) {
        for change in changes.reversed() { undo(change) }
    }

    private mutating func undo(_ change: StoreChange) {
        tables[change.resource]?.rows[change.id] = change.previous
        if change.appended { tables[change.resource]?.order.removeLast() }
        if let position = change.removedAt {
            tables[change.resource]?.order.insert(change.id, at: position)
        }
    }

    /// Adds `changes` to the open transaction's undo log, if one is open.
    mutating func journal(_ changes: some Sequence<StoreChange>) {
        guard transaction != nil else { return }
        transaction?.entries.append(contentsOf: changes.lazy.map(TransactionLog.Entry.record))
    }

    /// Adds the attachment `key` of `area` as it is now to the open transaction's undo log, if
    /// one is open, before a write replaces or removes it.
    mutating func journalAttachment(_ key: String, in area: StoreAttachmentArea) {
        guard transaction != nil else { return }
        transaction?.entries.append(.attachment(area, key, attachments[area]?[key]))
    }

    /// Adds `resource`'s table as it is now to the open transaction's undo log, if one is open,
    /// before a schema change replaces or removes it.
    mutating func journalSchemaChange(of resource: String) {
        guard transaction != nil else { return }
        transaction?.entries.append(.table(resource, tables[resource]))
    }

    /// The state the open transaction began at (see ``rollBack()``).
    func rolledBack() -> StoreState {
        var before = self
        before.rollBack()
        return before
    }

    /// Goes back to the state the open transaction began at: its writes and schema changes
    /// undone, newest first, its snapshots and counters put back; no transaction open.
    mutating func rollBack() {
        guard let log = transaction else { return }
        for entry in log.entries.reversed() {
            switch entry {
            case .record(let change): undo(change)
            case .table(let resource, let table): tables[resource] = table
            case .attachment(let area, let key, let previous): attachments[area, default: [:]][key] = previous
            }
        }
        models = log.models
        snapshots = log.snapshots
        version = log.version
        lastMutation = log.lastMutation
        random = log.random
        transaction = nil
    }

    /// The timestamp for the next mutation: max(now, previous + 1 ms) — or, with a fixed
    /// clock, previous + 1 ms.
    mutating func tick(now: Int64) -> Int64 {
        lastMutation = nextTimestamp(now: now)
        return lastMutation
    }

    /// The timestamp ``tick(now:)`` would hand out, without moving the clock (for checks that
    /// may still refuse the write).
    func nextTimestamp(now: Int64) -> Int64 {
        switch clock {
        case .system: max(now, lastMutation + 1)
        case .fixed: lastMutation + 1
        }
    }

    /// The next store-wide version.
    mutating func nextVersion() -> Int64 {
        version += 1
        return version
    }
}
