internal import Synchronization

/// Values derived from the store, each kept with the revisions (or other counters) it was made
/// at and found again only while those are unchanged, so a write makes a value unreachable
/// rather than stale: the one cache behind every dialect's kept answers, rendered records,
/// found sets and query rows.
///
/// Read the revisions *before* making a value: a write landing meanwhile then makes the kept
/// value unreachable. Bounded by a count and by bytes, as `weigh` estimates them for each key
/// and value. One eviction rule: past either bound the oldest entries go, a quarter of them at
/// least, until the new one fits; a value weighing over a quarter of the byte limit is not kept.
/// A hit returns the kept value itself (arrays share their storage: no copy), and the lock is
/// held only for a dictionary lookup or insertion, never while a value is made.
///
/// ```swift
/// let answers = RevisionCache<String, [UInt8]>(capacity: 4096, byteLimit: 64 << 20)
/// let revisions = [store.revision(of: "posts")]
/// let body = answers.value(for: path, revisions: revisions) { render() }
/// ```
public final class RevisionCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var revisions: [UInt64]
        var value: Value
    }

    /// The most values kept.
    public let capacity: Int
    /// The most bytes the values and their keys may weigh.
    public let byteLimit: Int
    private let weigh: @Sendable (Key, Value) -> Int
    private let state = Mutex(OldestFirstEntries<Key, Entry>())

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - capacity: The most values kept.
    ///   - byteLimit: The most bytes kept values and keys may weigh.
    ///   - weigh: About how many bytes a key and its value hold.
    public init(capacity: Int, byteLimit: Int, weigh: @escaping @Sendable (Key, Value) -> Int) {
        self.capacity = capacity
        self.byteLimit = byteLimit
        self.weigh = weigh
    }

    /// The number of values kept.
    public var count: Int { state.withLock { $0.count } }

    /// The bytes the kept values and keys weigh.
    public var byteCount: Int { state.withLock { $0.bytes } }

    /// The value kept for `key` at `revisions`, if any.
    ///
    /// - Parameters:
    ///   - key: What the value depends on besides the revisions.
    ///   - revisions: The revisions the caller reads now.
    /// - Returns: The kept value, or `nil` when none was kept at exactly these revisions.
    public func value(for key: Key, revisions: [UInt64]) -> Value? {
        state.withLock { state in
            guard let entry = state[key], entry.revisions == revisions else { return nil }
            return entry.value
        }
    }

    /// The value kept for `key` at `revisions`, or the one `make` makes, kept for next time.
    ///
    /// `make` runs outside the lock; two callers missing at once may both make the value.
    ///
    /// - Parameters:
    ///   - key: What the value depends on besides the revisions.
    ///   - revisions: The revisions read before making the value.
    ///   - make: Makes the value.
    /// - Returns: The kept or new value.
    public func value<Failure: Error>(
        for key: Key, revisions: [UInt64], make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if let kept = value(for: key, revisions: revisions) { return kept }
        let made = try make()
        keep(made, for: key, revisions: revisions)
        return made
    }

    /// Keeps `value` for `key` at `revisions`, replacing an earlier one.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: What the value depends on besides the revisions.
    ///   - revisions: The revisions read before making the value.
    public func keep(_ value: Value, for key: Key, revisions: [UInt64]) {
        let weight = weigh(key, value) + revisions.count * 8
        guard weight <= byteLimit / 4, capacity > 0 else { return }
        state.withLock { state in
            state.keep(Entry(revisions: revisions, value: value), for: key, weight: weight, capacity: capacity, byteLimit: byteLimit)
        }
    }

    /// Drops every kept value.
    public func removeAll() {
        state.withLock { $0 = OldestFirstEntries() }
    }
}

extension RevisionCache where Value == [UInt8] {
    /// Creates an empty cache of byte answers, weighed by their bytes and their keys'
    /// ``CacheKey/byteCount``.
    ///
    /// - Parameters:
    ///   - capacity: The most answers kept.
    ///   - byteLimit: The most bytes kept answers and keys may hold.
    public convenience init(capacity: Int, byteLimit: Int) where Key: CacheKey {
        self.init(capacity: capacity, byteLimit: byteLimit) { key, bytes in bytes.count + key.byteCount }
    }
}

/// A key whose bytes count against a ``RevisionCache``'s byte limit.
public protocol CacheKey: Hashable, Sendable {
    /// About how many bytes the key holds.
    var byteCount: Int { get }
}

extension String: CacheKey {
    /// The UTF-8 length.
    public var byteCount: Int { utf8.count }
}
