import TreatyQuery

/// How PocketBase's SQL compares two fields (``TreatyQuery/Comparison/sqliteColumns``), whatever
/// their kinds: `eq`/`ne` as `COALESCE(a,'') = COALESCE(b,'')`, which has no affinity and where a
/// number never equals a text; the orderings on the bare values, after SQLite's affinity
/// conversions (see ``SQLiteValue``); `like` as `a LIKE ('%' || b || '%')`, ASCII case folded. A
/// NULL makes every other test false.
struct SQLiteColumnComparison: ComparisonSemantics {
    var name: String { "sqlite" }

    func holds(_ op: QueryOperator, _ lhs: ComparedValue, _ rhs: ComparedValue) -> Bool {
        let (a, aAffinity) = Self.column(lhs)
        let (b, bAffinity) = Self.column(rhs)
        switch op {
        case .eq, .ne:
            let order = SQLiteValue.compare(a == .null ? .text("") : a, b == .null ? .text("") : b)
            return (order == 0) == (op == .eq)
        case .lt, .le, .gt, .ge:
            var (x, y) = (a, b)
            switch (aAffinity, bAffinity) {
            case (.numeric, .text), (.numeric, .none): y = y.applying(.numeric)
            case (.text, .numeric), (.none, .numeric): x = x.applying(.numeric)
            case (.text, .none): y = y.applying(.text)
            case (.none, .text): x = x.applying(.text)
            default: break
            }
            guard let order = SQLiteValue.compare(x, y) else { return false }
            switch op {
            case .lt: return order < 0
            case .le: return order <= 0
            case .gt: return order > 0
            default: return order >= 0
            }
        case .like:
            guard let text = a.sqlText, let pattern = b.sqlText else { return false }
            let like = LikePattern(TextFold.asciiLowercased("%" + pattern + "%"), wrap: false)
            return like.matches(TextFold.asciiLowercased(text))
        default:
            return false
        }
    }

    /// A side's value as its column holds it, and the column's affinity; a side that is not a
    /// record field is NULL without affinity.
    private static func column(_ side: ComparedValue) -> (SQLiteValue, SQLiteValue.Affinity) {
        guard let kind = side.kind else { return (.null, .none) }
        return (
            SQLiteValue.column(side.value, kind: kind, modifier: side.modifier),
            SQLiteValue.affinity(of: kind, modifier: side.modifier)
        )
    }
}

extension Comparison {
    /// Two fields compared as PocketBase's SQLite compares two columns (see
    /// ``SQLiteColumnComparison``).
    static let sqliteColumns = Comparison.custom(SQLiteColumnComparison())
}
