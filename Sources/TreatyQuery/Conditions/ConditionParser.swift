import TreatyJSON

/// The recursive-descent parser behind ``ConditionText``.
///
/// Without a resource (``ConditionText/syntaxError(in:)``) only the grammar is checked; with
/// one, field names are checked against it and each comparison is compiled, so unknown fields
/// and values of the wrong type are reported at their position.
struct ConditionParser {
    let lexer: ConditionLexer
    let tokens: [ConditionToken]
    let schema: QuerySchema
    let resource: ResourceSchema?
    var position = 0

    init(_ text: String, schema: QuerySchema, resource: ResourceSchema?) throws(QueryParseError) {
        lexer = ConditionLexer(text)
        tokens = try lexer.tokens()
        self.schema = schema
        self.resource = resource
    }

    private var current: ConditionToken { tokens[min(position, tokens.count - 1)] }
    private var previous: ConditionToken? { position > 0 ? tokens[position - 1] : nil }

    mutating func parse() throws(QueryParseError) -> Expr {
        if current.kind == .end { return .true }
        let expr = try parseOr()
        switch current.kind {
        case .end: return expr
        case .close: throw lexer.error(at: current.offset, "unexpected ')' without a matching '('")
        default: throw unexpected(closing: nil)
        }
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
        if current.kind == .open {
            let open = current
            position += 1
            let expr = try parseOr()
            guard current.kind == .close else { throw unexpected(closing: open) }
            position += 1
            return expr
        }
        let field = current
        guard case .name(let name) = field.kind, !Self.keywords.keys.contains(name) else {
            throw expected("a field")
        }
        position += 1
        let path = try path(name, at: field.offset)
        guard case .sign = current.kind else {
            throw lexer.error(at: current.offset, "expected an operator after '\(field.text)'")
        }
        let sign = try ConditionSign(current, lexer: lexer)
        position += 1
        let value = current
        let operand: Operand
        switch value.kind {
        case .string(let text): operand = .value(.string(text))
        case .number(let text):
            guard let number = JSONNumber(text: text) else {
                throw lexer.error(at: value.offset, "'\(text)' is not a number")
            }
            operand = .value(.number(number))
        case .name(let word):
            if let keyword = Self.keywords[word] {
                operand = .value(keyword)
            } else {
                let other = try self.path(word, at: value.offset)
                guard !other.each else {
                    throw lexer.error(
                        at: value.offset, "'\(word)' holds several values; compare it on the left", kind: .unsupported)
                }
                operand = .field(other.path)
            }
        default:
            throw expected("a field or a value")
        }
        position += 1
        return try comparison(path, sign, operand, field: field, value: value)
    }

    /// The literals written as words.
    private static let keywords: [String: JSONValue] = ["true": true, "false": false, "null": .null]

    /// The error for a missing operand: `expected a field after '('`.
    private func expected(_ what: String) -> QueryParseError {
        if current.kind == .end {
            let after = previous.map { " after '\($0.text)'" } ?? ""
            return lexer.error(at: current.offset, "expected \(what)\(after)")
        }
        return lexer.error(at: current.offset, "expected \(what) before '\(current.text)'")
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
        let expected = open == nil ? "'&&', '||' or the end of the condition" : "'&&', '||' or ')'"
        return lexer.error(at: current.offset, "expected \(expected)\(after), found '\(current.text)'", hint: hint)
    }
}
