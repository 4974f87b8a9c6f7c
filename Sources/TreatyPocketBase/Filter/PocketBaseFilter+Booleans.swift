import TreatyJSON
import TreatyQuery

extension PocketBaseFilterParser {
    /// `bool sign number` as SQLite answers it: PocketBase stores a bool as 0 or 1 in a column
    /// of numeric affinity, so it compares with numbers, and with text that reads as a number
    /// (`verified = "1"` and `verified = 1` find the verified records; `verified = "true"` finds
    /// none, which ``sqliteCoercion(of:to:_:)`` answers). A clock macro is a number too, read at
    /// evaluation: `verified != @hour` tests the hour against 1 for verified records and 0 for
    /// the others. Checked against the real server.
    ///
    /// - Returns: The expression, or `nil` when the comparison is not a plain bool field against
    ///   a number.
    func booleanComparison(_ path: PocketBasePath, _ sign: PocketBaseSign, _ rhs: PocketBaseOperand)
        throws(QueryParseError) -> Expr?
    {
        guard path.kind == .bool, path.modifier == nil, sign.base != .like, sign.base != .notLike else { return nil }
        let field = FieldPath([path.field])
        switch rhs.side {
        case .literal(let value):
            guard let number = Self.numericValue(value) else { return nil }
            let holds = [false, true].filter { flag in Self.compare(flag ? 1 : 0, sign.base, number) }
            switch holds.count {
            case 0: return .false
            case 2: return .true
            default: return .cond(Condition(field, .eq, .value(.bool(holds[0]))))
            }
        case .macro(let macro) where !macro.isDate:
            guard let mirrored = sign.mirrored else { return nil }
            let macroSign = PocketBaseSign(base: mirrored, any: sign.any, token: sign.token)
            let branches = try [false, true].map { flag throws(QueryParseError) -> Expr in
                let stored = PocketBaseOperand(side: .literal(.number(JSONNumber(Int64(flag ? 1 : 0)))), token: rhs.token)
                let clock = try requestCondition(FieldPath(root: .macro(macro), []), macroSign, stored)
                return .all([.cond(Condition(field, .eq, .value(.bool(flag)))), clock])
            }
            return .any(branches)
        default:
            return nil
        }
    }

    /// A literal as SQLite's numeric affinity reads it: a number, or text that is one.
    private static func numericValue(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number): number.doubleValue
        case .string(let text): JSONNumber(text: text)?.doubleValue
        default: nil
        }
    }

    private static func compare(_ stored: Double, _ sign: PocketBaseSign.Base, _ number: Double) -> Bool {
        switch sign {
        case .eq: stored == number
        case .ne: stored != number
        case .gt: stored > number
        case .ge: stored >= number
        case .lt: stored < number
        case .le: stored <= number
        case .like, .notLike: false
        }
    }
}
