internal import Synchronization

/// Answers of reads kept as bytes, each with the store revisions (or other counters) it was made
/// at: found again only while those are unchanged, so a write makes an answer unreachable rather
/// than stale. Dialects key them by whatever the answer depends on (the request, the caller).
///
/// Read the revisions *before* making an answer: a write landing meanwhile then makes the kept
/// answer unreachable. Bounded by a count and by bytes (answers and keys, as the key's
/// ``KeptAnswerKey/byteCount`` says); past either the oldest go, a quarter at least, until a new
/// answer fits. An answer over a quarter of the byte limit is not kept.
public final class KeptAnswers<Key: KeptAnswerKey>: Sendable {
    private struct Entry {
        var validity: [UInt64]
        var bytes: [UInt8]
    }

    private struct State {
        var map: [Key: Entry] = [:]
        var order: [Key] = []
        var bytes = 0
    }

    /// The most answers kept.
    public let capacity: Int
    /// The most bytes the answers and their keys may hold.
    public let byteLimit: Int
    private let state = Mutex(State())

    /// Creates an empty set of kept answers.
    public init(capacity: Int, byteLimit: Int) {
        self.capacity = capacity
        self.byteLimit = byteLimit
    }

    /// The answer kept for `key` at `validity`, if any.
    public func answer(for key: Key, validity: [UInt64]) -> [UInt8]? {
        state.withLock { state in
            guard let entry = state.map[key], entry.validity == validity else { return nil }
            return entry.bytes
        }
    }

    /// Keeps `bytes` as the answer for `key` at `validity` (replacing an earlier one).
    public func keep(_ bytes: [UInt8], for key: Key, validity: [UInt64]) {
        let size = bytes.count + key.byteCount
        guard size <= byteLimit / 4 else { return }
        state.withLock { state in
            if let old = state.map.removeValue(forKey: key) {
                state.bytes -= old.bytes.count + key.byteCount
                state.order.removeAll { $0 == key }
            }
            if state.order.count >= capacity || state.bytes + size > byteLimit {
                var dropped = 0
                var freed = 0
                while dropped < state.order.count,
                    state.order.count - dropped >= capacity || state.bytes - freed + size > byteLimit
                        || dropped < state.order.count / 4
                {
                    let old = state.order[dropped]
                    freed += (state.map.removeValue(forKey: old)?.bytes.count ?? 0) + old.byteCount
                    dropped += 1
                }
                state.order.removeFirst(dropped)
                state.bytes -= freed
            }
            state.order.append(key)
            state.map[key] = Entry(validity: validity, bytes: bytes)
            state.bytes += size
        }
    }
}

/// A key of ``KeptAnswers``: hashable, and with the bytes it holds counted against the limit.
public protocol KeptAnswerKey: Hashable, Sendable {
    /// About how many bytes the key holds.
    var byteCount: Int { get }
}

extension String: KeptAnswerKey {
    public var byteCount: Int { utf8.count }
}
