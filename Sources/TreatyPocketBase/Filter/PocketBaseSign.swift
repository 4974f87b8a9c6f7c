import TreatyQuery

/// A comparison sign: its base operator and whether it is an "any" (`?`) form.
struct PocketBaseSign {
    enum Base: String {
        case eq = "=", ne = "!=", gt = ">", ge = ">=", lt = "<", le = "<=", like = "~", notLike = "!~"
    }

    let base: Base
    let any: Bool
    let token: PocketBaseFilterToken

    init(_ token: PocketBaseFilterToken, lexer: PocketBaseLexer) throws(QueryParseError) {
        self.token = token
        var text = token.text
        any = text.hasPrefix("?")
        if any { text.removeFirst() }
        guard let base = Base(rawValue: text) else {
            let hint = token.text == "==" ? "did you mean '='?" : nil
            throw lexer.error(
                at: token.offset,
                "unknown operator '\(token.text)'; expected = != > >= < <= ~ !~ or a ?-form such as ?=",
                hint: hint)
        }
        self.base = base
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

extension PocketBaseSign {
    init(base: Base, any: Bool, token: PocketBaseFilterToken) {
        self.base = base
        self.any = any
        self.token = token
    }
}
