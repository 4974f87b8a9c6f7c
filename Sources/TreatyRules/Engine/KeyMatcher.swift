/// Matches record keys to the plan's key specs, remembering the key order of the last record.
///
/// Records of one payload almost always list their keys in the same order, so comparing each key
/// with the key seen at the same position last time (a cheap equality of small strings) avoids
/// hashing every key of every record.
struct KeyMatcher {
    private var keysByPosition: [String] = []
    private var indexByPosition: [Int?] = []
    private var slots: [Int32] = []

    /// A slot table with `count` entries all set to -1 (missing), reusing the storage handed
    /// back by ``recycle(_:)`` once no record view holds it any more.
    mutating func takeSlots(count: Int) -> [Int32] {
        var taken = slots
        slots = []
        guard taken.count == count else { return Array(repeating: -1, count: count) }
        taken.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        return taken
    }

    /// Hands a record's slot table back for the next record.
    mutating func recycle(_ used: [Int32]) {
        slots = used
    }

    /// The index into the plan's keys of `key`, found at `position` in its record; `nil` when the
    /// contract does not declare it.
    mutating func index(of key: String, at position: Int, in plan: CheckPlan) -> Int? {
        if position < keysByPosition.count, keysByPosition[position] == key {
            return indexByPosition[position]
        }
        let index = plan.keyIndex[key]
        if position < keysByPosition.count {
            keysByPosition[position] = key
            indexByPosition[position] = index
        } else if position == keysByPosition.count {
            keysByPosition.append(key)
            indexByPosition.append(index)
        }
        return index
    }
}
