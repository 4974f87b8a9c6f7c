/// The entries of a bounded cache with their weights and the order they were kept in: the one
/// eviction rule of Treaty's caches (``RevisionCache``, a dialect's own kept answers).
///
/// Keeping an entry past the count or byte bound drops the oldest entries, a quarter of them at
/// least, until the new one fits. Not thread-safe: the cache holds it under its lock.
public struct OldestFirstEntries<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var weight: Int
        var serial: UInt64
    }

    private var map: [Key: Entry] = [:]
    /// Keys in the order they were kept, with the serial they were kept under; a key kept again
    /// later leaves a stale slot here, skipped when it comes up.
    private var order: [(key: Key, serial: UInt64)] = []
    private var head = 0
    private var nextSerial: UInt64 = 0
    /// The weight of the entries kept.
    public private(set) var bytes = 0

    /// No entries.
    public init() {}

    /// The number of entries kept.
    public var count: Int { map.count }

    /// The value kept for `key`.
    public subscript(key: Key) -> Value? { map[key]?.value }

    /// Keeps `value` for `key`, replacing an earlier one, after dropping the oldest entries (a
    /// quarter of them at least) when another would pass `capacity` entries or `byteLimit`.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: Its key.
    ///   - weight: About how many bytes the key and value hold.
    ///   - capacity: The most entries kept.
    ///   - byteLimit: The most bytes the entries may weigh.
    public mutating func keep(_ value: Value, for key: Key, weight: Int, capacity: Int, byteLimit: Int) {
        if let old = map.removeValue(forKey: key) { bytes -= old.weight }
        if map.count >= capacity || bytes + weight > byteLimit {
            evict(toFit: weight, capacity: capacity, byteLimit: byteLimit)
        }
        let serial = nextSerial
        nextSerial &+= 1
        order.append((key, serial))
        map[key] = Entry(value: value, weight: weight, serial: serial)
        bytes += weight
        compact()
    }

    /// Drops the oldest entries, a quarter of them at least, until one of `weight` fits.
    private mutating func evict(toFit weight: Int, capacity: Int, byteLimit: Int) {
        let quarter = map.count / 4
        var dropped = 0
        while head < order.count, map.count >= capacity || bytes + weight > byteLimit || dropped < quarter {
            let (key, serial) = order[head]
            head += 1
            guard let entry = map[key], entry.serial == serial else { continue }
            map.removeValue(forKey: key)
            bytes -= entry.weight
            dropped += 1
        }
    }

    /// Forgets the slots before `head` and stale ones once they outnumber the live entries.
    private mutating func compact() {
        guard order.count > 64, order.count > 2 * map.count else { return }
        order = order[head...].filter { slot in map[slot.key]?.serial == slot.serial }
        head = 0
    }
}
