import TreatyQuery

/// A comparison sign as PocketBase's filter compiles it: its base operator, `!~` distinct
/// from `~`, and whether it is an "any" (`?`) form.
struct PocketBaseSign {
    enum Base: String {
        case eq = "=", ne = "!=", gt = ">", ge = ">=", lt = "<", le = "<=", like = "~", notLike = "!~"
    }

    let base: Base
    let any: Bool
    let token: ConditionToken

    /// Reads the sign token `token` (the shared ``ConditionSign`` checks it).
    init(_ token: ConditionToken, lexer: ConditionLexer) throws(QueryParseError) {
        let sign = try ConditionSign(token, lexer: lexer)
        base =
            switch sign.op {
            case .ne: .ne
            case .gt: .gt
            case .ge: .ge
            case .lt: .lt
            case .le: .le
            case .like: sign.negated ? .notLike : .like
            default: .eq
            }
        any = sign.any
        self.token = token
    }

    init(base: Base, any: Bool, token: ConditionToken) {
        self.base = base
        self.any = any
        self.token = token
    }

    /// The sign with its operands swapped (`5 < views` is `views > 5`); `nil` for `~`/`!~`.
    var mirrored: Base? {
        switch base {
        case .eq, .ne: base
        case .gt: .lt
        case .ge: .le
        case .lt: .gt
        case .le: .ge
        case .like, .notLike: nil
        }
    }
}
