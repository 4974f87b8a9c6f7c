/// The boolean grammar every condition language shares — `&&` (binding tighter), `||` and
/// parentheses around comparisons — with its errors; a parser supplies how one comparison reads.
///
/// TreatyQuery's ``ConditionText`` and the dialects' filter languages conform, each with the
/// ``ConditionLexer/Syntax`` it reads.
package protocol ConditionParsing {
    var lexer: ConditionLexer { get }
    var tokens: [ConditionToken] { get }
    /// The index of the current token.
    var position: Int { get set }

    /// Reads one comparison starting at the current token (never `(`), leaving the position
    /// after it.
    mutating func comparison() throws(QueryParseError) -> Expr
}

extension ConditionParsing {
    /// The token at the position (`.end` past the last).
    package var current: ConditionToken { tokens[min(position, tokens.count - 1)] }

    /// The token before the position, if any.
    package var previous: ConditionToken? { position > 0 ? tokens[position - 1] : nil }

    /// Parses every token: empty text is ``Expr/true``.
    package mutating func parse() throws(QueryParseError) -> Expr {
        if current.kind == .end { return .true }
        let expr = try parseOr()
        switch current.kind {
        case .end: return expr
        case .close: throw lexer.error(at: current.offset, "unexpected ')' without a matching '('")
        default: throw unexpected(closing: nil)
        }
    }

    /// The error for a missing operand: `expected a field after '('`.
    package func expected(_ what: String) -> QueryParseError {
        if current.kind == .end {
            let after = previous.map { " after '\($0.text)'" } ?? ""
            return lexer.error(at: current.offset, "expected \(what)\(after)")
        }
        return lexer.error(at: current.offset, "expected \(what) before '\(current.text)'")
    }

    private mutating func parseOr() throws(QueryParseError) -> Expr {
        var terms = [try parseAnd()]
        while current.kind == .or {
            position += 1
            terms.append(try parseAnd())
        }
        return terms.count == 1 ? terms[0] : .any(terms)
    }

    private mutating func parseAnd() throws(QueryParseError) -> Expr {
        var terms = [try parsePrimary()]
        while current.kind == .and {
            position += 1
            terms.append(try parsePrimary())
        }
        return terms.count == 1 ? terms[0] : .all(terms)
    }

    private mutating func parsePrimary() throws(QueryParseError) -> Expr {
        guard current.kind == .open else { return try comparison() }
        let open = current
        position += 1
        let expr = try parseOr()
        guard current.kind == .close else { throw unexpected(closing: open) }
        position += 1
        return expr
    }

    /// The error for a token that cannot follow a complete comparison.
    private func unexpected(closing open: ConditionToken?) -> QueryParseError {
        if let open, current.kind == .end {
            return lexer.error(at: open.offset, "expected a ')' to close this '('")
        }
        let after = previous.map { " after '\($0.text)'" } ?? ""
        var hint: String?
        if case .name(let word) = current.kind, ["and", "or"].contains(word.lowercased()) {
            hint = "use '\(word.lowercased() == "and" ? "&&" : "||")' instead of '\(word)'"
        }
        let expected = open == nil ? "'&&', '||' or the end of the \(lexer.syntax.context)" : "'&&', '||' or ')'"
        return lexer.error(at: current.offset, "expected \(expected)\(after), found '\(current.text)'", hint: hint)
    }
}
