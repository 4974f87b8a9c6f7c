/// Matches record keys to the plan's key specs, remembering the key order of the last record.
///
/// Records of one payload almost always list their keys in the same order, so comparing each key
/// with the key seen at the same position last time (a cheap equality of small strings) avoids
/// hashing every key of every record.
struct KeyMatcher {
    private var keysByPosition: [String] = []
    private var indexByPosition: [Int?] = []

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
