internal import Foundation

/// The ids of one list, as bytes, with the index of the item that first carried each (RS-ID-1's
/// "each id once").
///
/// Ids are copied into one growing buffer and found by open addressing, so remembering an id
/// costs no allocation and no string.
struct IDTable {
    private struct Slot {
        /// The id's hash, never 0; 0 marks an empty slot.
        var hash: UInt64 = 0
        var start = 0
        var length = 0
        var index = 0
    }

    private var bytes: [UInt8] = []
    private var slots: [Slot]
    private var count = 0

    /// Creates a table sized for about `expected` ids.
    init(expected: Int) {
        var capacity = 16
        while capacity * 3 < expected * 4 { capacity *= 2 }
        slots = Array(repeating: Slot(), count: capacity)
        bytes.reserveCapacity(min(expected, 1 << 24) * 36)
    }

    /// Remembers `id` for item `index` and returns `nil`, or returns the index of the item that
    /// already carried it (keeping that one).
    mutating func insert(_ id: UnsafeBufferPointer<UInt8>, index: Int) -> Int? {
        let hash = Self.hash(id)
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[position]
            if slot.hash == 0 { break }
            if slot.hash == hash, slot.length == id.count, equals(slot, id) { return slot.index }
            position = (position + 1) & mask
        }
        slots[position] = Slot(hash: hash, start: bytes.count, length: id.count, index: index)
        bytes.append(contentsOf: id)
        count += 1
        if count * 4 > slots.count * 3 { grow() }
        return nil
    }

    private func equals(_ slot: Slot, _ id: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let address = id.baseAddress else { return slot.length == 0 }
        return bytes.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress else { return false }
            return memcmp(base + slot.start, address, id.count) == 0
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.hash != 0 {
            var position = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[position].hash != 0 { position = (position + 1) & mask }
            slots[position] = slot
        }
    }

    /// A 64-bit hash of `id`, never 0.
    static func hash(_ id: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(id.count)
        guard let base = id.baseAddress else { return hash | 1 }
        var offset = 0
        while id.count - offset >= 8 {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < id.count {
            tail |= UInt64(base[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 29
        return hash == 0 ? 1 : hash
    }
}
