internal import Synchronization
internal import TreatyDialect

/// Answers of reads (`records/lookup`, `records/query`) kept as bytes until the store's records,
/// record types or zones change: a list screen shown again, or a poll, skips the search and the
/// rendering. Keyed by the operation, environment, database, zone owner, `Host` (asset URLs name
/// it) and the exact body; answers holding an error entry are never kept, since every error has
/// its own `uuid`.
final class CloudKitKeptAnswers: Sendable {
    struct Key: Hashable, Sendable {
        var scope: String
        var host: String
        var body: [UInt8]
    }

    private struct Entry {
        var revisions: [UInt64]
        var body: [UInt8]
    }

    /// The most answers kept; past it the oldest half is dropped.
    static let capacity = 512

    private let entries = Mutex<(map: [Key: Entry], order: [Key])>(([:], []))

    /// The revisions of what reads depend on: records, record types and zones. Read before an
    /// answer is made, so a write that lands meanwhile makes the kept answer unreachable rather
    /// than stale.
    static func revisions(in store: RecordStore) -> [UInt64] {
        [CloudKitStoreModel.records, CloudKitStoreModel.recordTypes, CloudKitStoreModel.zones].map {
            (try? store.revision(of: $0)) ?? 0
        }
    }

    /// The kept answer for `key`, when it was kept at these revisions.
    func answer(for key: Key, revisions: [UInt64]) -> [UInt8]? {
        entries.withLock { state in
            guard let entry = state.map[key], entry.revisions == revisions else { return nil }
            return entry.body
        }
    }

    /// Keeps `body` as the answer for `key` at `revisions`.
    func keep(_ body: [UInt8], for key: Key, revisions: [UInt64]) {
        entries.withLock { state in
            if state.map[key] == nil {
                if state.order.count >= Self.capacity {
                    let dropped = state.order.prefix(Self.capacity / 2)
                    for old in dropped { state.map[old] = nil }
                    state.order.removeFirst(dropped.count)
                }
                state.order.append(key)
            }
            state.map[key] = Entry(revisions: revisions, body: body)
        }
    }
}
