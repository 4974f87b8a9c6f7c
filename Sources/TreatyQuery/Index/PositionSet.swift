/// A set of record positions as a bitmap: built from index lookups, intersected word by word,
/// and read back in ascending order — cheaper than sorting and deduplicating arrays of
/// positions for every lookup.
struct PositionSet {
    private var words: [UInt64]

    /// An empty set for positions below `capacity`.
    init(capacity: Int) {
        words = Array(repeating: 0, count: (capacity + 63) / 64)
    }

    func contains(_ position: Int) -> Bool {
        words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    mutating func insert(_ position: Int) {
        words[position >> 6] |= 1 << UInt64(position & 63)
    }

    /// Adds the positions `other` holds.
    mutating func formUnion(_ other: PositionSet) {
        for index in words.indices { words[index] |= other.words[index] }
    }

    /// Keeps only the positions `other` holds too.
    mutating func formIntersection(_ other: PositionSet) {
        for index in words.indices { words[index] &= other.words[index] }
    }

    var count: Int {
        words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// The positions, ascending.
    var sorted: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        for (index, word) in words.enumerated() {
            var remaining = word
            while remaining != 0 {
                result.append(index << 6 + remaining.trailingZeroBitCount)
                remaining &= remaining - 1
            }
        }
        return result
    }
}
