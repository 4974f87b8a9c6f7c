public import TreatyJSON

extension RecordStore {
    /// The attachment stored under `key`, with its revision; `nil` when there is none.
    ///
    /// Reads see what other reads see (outside an open transaction, the state before it).
    ///
    /// - Parameters:
    ///   - key: The attachment's key (a dialect prefixes its keys with its own name).
    ///   - area: Where it lives.
    /// - Returns: The value and its revision.
    public func attachment(_ key: String, in area: StoreAttachmentArea = .records) -> StoreAttachment? {
        reading { $0.attachments[area]?[key] }
    }

    /// Every attachment of `area` whose key starts with `prefix`, by key.
    ///
    /// - Parameters:
    ///   - prefix: The start of the keys wanted (`""` for all).
    ///   - area: Where they live.
    /// - Returns: The values by key.
    public func attachments(prefixed prefix: String, in area: StoreAttachmentArea = .records) -> [String: JSONValue] {
        reading { state in
            (state.attachments[area] ?? [:]).filter { $0.key.hasPrefix(prefix) }.mapValues(\.value)
        }
    }

    /// Stores `value` under `key` (`nil` removes it) as one committed write, or as part of the
    /// open ``transaction(_:)`` — so a dialect's state changes in the same commit as the records
    /// it goes with, is rolled back with them, and reaches the ``StoreCommitLog`` (durable
    /// before the answer, restored after a restart) in commit order.
    ///
    /// Call it holding no lock of your own unless a transaction of this store is open on the
    /// task (the store's lock order: its writer lock first).
    ///
    /// - Parameters:
    ///   - value: The new value; `nil` (or JSON `null`) removes the key.
    ///   - key: The attachment's key.
    ///   - area: Where it lives.
    /// - Returns: The revision the key has now (`nil` when removed).
    @discardableResult
    public func attach(_ value: JSONValue?, as key: String, in area: StoreAttachmentArea = .records) -> UInt64? {
        writing { state in
            state.journalAttachment(key, in: area)
            var stored: StoreAttachment?
            if let value, !value.isNull { stored = StoreAttachment(value: value) }
            state.attachments[area, default: [:]][key] = stored
            if state.transaction == nil { commit([.attach(area: area, key: key, value: stored?.value)], in: &state) }
            return stored?.revision
        }
    }

    /// Draws from a seeded generator of the store's that never goes back: a rolled-back
    /// transaction, a restore and a reset leave its position where it is, and every commit
    /// carries the position, so what it drew is not drawn again — in this run, or after a
    /// restart from a ``StoreCommitLog`` once a write has committed after the draw. For ids,
    /// keys, file names and tokens a dialect hands out; seeded from the configuration, so runs
    /// are reproducible. (``uuid()`` draws from the generator a rollback or restore puts back,
    /// as the store's own server-assigned ids do.)
    ///
    /// - Parameter body: What to make from the generator (keep it short: writers wait).
    /// - Returns: What `body` returns.
    public func random<Result>(_ body: (inout SeededGenerator) -> Result) -> Result {
        writing { state in body(&state.draws) }
    }
}
