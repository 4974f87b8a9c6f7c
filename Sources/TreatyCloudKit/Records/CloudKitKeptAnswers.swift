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

    /// The most answers kept, and the most bytes they (and their keys) may hold; past either, the
    /// oldest are dropped.
    static let capacity = 512
    static let byteLimit = 32 << 20

    private struct State {
        var map: [Key: Entry] = [:]
        var order: [Key] = []
        var bytes = 0
    }

    private let entries = Mutex(State())

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
        let size = body.count + key.body.count
        guard size <= Self.byteLimit / 4 else { return }
        entries.withLock { state in
            if let old = state.map.removeValue(forKey: key) {
                state.bytes -= old.body.count + key.body.count
                state.order.removeAll { $0 == key }
            }
            // The oldest go until the new answer fits both bounds; a quarter at least, so that
            // the array's front is not shifted on every answer.
            if state.order.count >= Self.capacity || state.bytes + size > Self.byteLimit {
                var dropped = 0
                var freed = 0
                while dropped < state.order.count,
                    state.order.count - dropped >= Self.capacity || state.bytes - freed + size > Self.byteLimit
                        || dropped < state.order.count / 4
                {
                    let old = state.order[dropped]
                    freed += (state.map.removeValue(forKey: old)?.body.count ?? 0) + old.body.count
                    dropped += 1
                }
                state.order.removeFirst(dropped)
                state.bytes -= freed
            }
            state.order.append(key)
            state.map[key] = Entry(revisions: revisions, body: body)
            state.bytes += size
        }
    }
}
