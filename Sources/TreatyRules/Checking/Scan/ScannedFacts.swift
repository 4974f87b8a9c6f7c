import TreatyJSON

/// What the sequence rules need to know about one list item the scanning engine read, as byte
/// ranges into the payload instead of strings.
///
/// An item the scan could not certify carries the index of its entry in the slow list, where the
/// rules' own violations and facts are kept.
struct ScannedFacts {
    /// The item's index in the list.
    var index: Int
    /// Where the item starts.
    var offset: Int
    var line: Int32
    var column: Int32
    /// The id's bytes (a string's contents or a number's text).
    var idStart: Int32 = 0
    var idLength: Int32 = -1
    /// The parent key's bytes, when it is a string.
    var scopeStart: Int32 = 0
    var scopeLength: Int32 = -1
    /// The order field's value, when it is an integer.
    var order: Int64 = 0
    var hasOrder = false
    /// One bit per relation carrying foreign keys.
    var foreignKeyShapes: UInt64 = 0
    /// The entry in the slow list, or -1 when the scan certified the item.
    var slow: Int32 = -1

    init(index: Int, position: JSONSourcePosition) {
        self.index = index
        offset = position.offset
        line = Int32(truncatingIfNeeded: position.line)
        column = Int32(truncatingIfNeeded: position.column)
    }

    /// The item's position.
    var position: JSONSourcePosition {
        JSONSourcePosition(offset: offset, line: Int(line), column: Int(column))
    }
}

/// An item the rules judged on its parsed tree: their violations, and its facts (none when the
/// item is not an object).
struct SlowItem {
    var violations: [RuleViolation]
    var facts: RecordFacts?
}
