extension CompiledCondition {
    /// Whether `lhs op rhs` holds as PocketBase's SQL compares two fields
    /// (``Condition/sqliteColumns``): `eq`/`ne` as `COALESCE(a,'') = COALESCE(b,'')`, which has
    /// no affinity; the orderings on the bare values, after SQLite's affinity conversions; `like`
    /// as `a LIKE ('%' || b || '%')`, ASCII case folded. A NULL makes every other test false.
    func sqliteMatches(
        _ lhs: SQLiteValue, _ lhsAffinity: SQLiteValue.Affinity, _ rhs: SQLiteValue, _ rhsAffinity: SQLiteValue.Affinity
    ) -> Bool {
        switch source.op {
        case .eq, .ne:
            let order = SQLiteValue.compare(lhs == .null ? .text("") : lhs, rhs == .null ? .text("") : rhs)
            return (order == 0) == (source.op == .eq)
        case .lt, .le, .gt, .ge:
            var (a, b) = (lhs, rhs)
            switch (lhsAffinity, rhsAffinity) {
            case (.numeric, .text), (.numeric, .none): b = b.applying(.numeric)
            case (.text, .numeric), (.none, .numeric): a = a.applying(.numeric)
            case (.text, .none): b = b.applying(.text)
            case (.none, .text): a = a.applying(.text)
            default: break
            }
            guard let order = SQLiteValue.compare(a, b) else { return false }
            switch source.op {
            case .lt: return order < 0
            case .le: return order <= 0
            case .gt: return order > 0
            default: return order >= 0
            }
        case .like:
            guard let text = lhs.sqlText, let pattern = rhs.sqlText else { return false }
            let like = LikePattern(TextFold.asciiLowercased("%" + pattern + "%"), wrap: false)
            return like.matches(TextFold.asciiLowercased(text))
        default:
            return false
        }
    }
}
