import TreatyQuery

/// Parses PocketBase's `filter=` language into an ``Expr``.
///
/// The whole grammar of PocketBase 0.40 is read: `&&` (binds tighter) and `||`, `( )`, `//`
/// comments, `= != > >= < <= ~ !~` and their `?` ("any") forms, `'…'`/`"…"` strings, numbers,
/// `true`/`false`/`null`, date macros (`@now` … `@yearEnd`, `@second` … `@year`, resolved at
/// evaluation against ``QueryEnvironment/now``), relation paths (`post.author.name`),
/// back-relations (`comments_via_post`), `@collection.<name>.<field>`, the modifiers `:lower`,
/// `:length` and `:each`, `{:name}` placeholders (parameters named `name`) and `@request.*`
/// paths (kept in the expression; see ``Expr/requestPaths`` to refuse them).
///
/// PocketBase's semantics are made explicit in the conditions it produces:
/// - `null` and `""` are one value for text, dates and single relations; `!=` matches null
///   rows; a number or bool `= null` matches nothing.
/// - `~` is a case-insensitive LIKE whose pattern is wrapped in `%…%` unless it has a `%`.
/// - Dates compare as text in the stored form `2025-03-04 05:06:07.089Z`.
/// - On multi-valued paths plain operators need every related value and `?` forms need one;
///   no related rows act as one empty value.
/// - A bare multi-valued field compares as its JSON text (`["id1","id2"]`).
///
/// ```swift
/// let expr = try PocketBaseFilter.parse("title ~ 'swift' && views > 100", schema: schema, resource: "posts")
/// ```
enum PocketBaseFilter {
    /// Parses a filter.
    ///
    /// - Parameters:
    ///   - filter: The filter text; empty or blank text matches every record.
    ///   - schema: The resources and field types.
    ///   - resource: The collection the filter applies to.
    /// - Returns: The expression.
    /// - Throws: ``QueryParseError`` naming the position and what was expected, for grammar
    ///   errors, unknown fields (with a suggestion) and literals of the wrong type.
    static func parse(_ filter: String, schema: QuerySchema, resource: String) throws(QueryParseError) -> Expr {
        let lexer = PocketBaseLexer(filter)
        guard let root = schema.resources[resource] else {
            throw lexer.error(
                at: 0, "unknown collection '\(resource)'", kind: .unknownResource,
                hint: Suggestion.closest(to: resource, among: schema.resources.keys).map { "did you mean '\($0)'?" })
        }
        var parser = PocketBaseFilterParser(lexer: lexer, tokens: try lexer.tokens(), schema: schema, root: root)
        return try parser.parse()
    }
}

/// The recursive-descent parser behind ``PocketBaseFilter``.
struct PocketBaseFilterParser {
    let lexer: PocketBaseLexer
    let tokens: [PocketBaseFilterToken]
    let schema: QuerySchema
    let root: ResourceSchema
    var position = 0

    init(lexer: PocketBaseLexer, tokens: [PocketBaseFilterToken], schema: QuerySchema, root: ResourceSchema) {
        self.lexer = lexer
        self.tokens = tokens
        self.schema = schema
        self.root = root
    }

    var current: PocketBaseFilterToken { tokens[min(position, tokens.count - 1)] }
    var previous: PocketBaseFilterToken? { position > 0 ? tokens[position - 1] : nil }

    mutating func parse() throws(QueryParseError) -> Expr {
        if current.kind == .end { return .true }
        let expr = try parseOr()
        switch current.kind {
        case .end: return expr
        case .close: throw lexer.error(at: current.offset, "unexpected ')' without a matching '('")
        default: throw unexpectedAfterComparison(closing: nil)
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
            guard current.kind == .close else { throw unexpectedAfterComparison(closing: open) }
            position += 1
            return expr
        }
        let lhs = try operand()
        guard case .sign = current.kind else {
            throw lexer.error(at: current.offset, "expected an operator after '\(lhs.token.text)'")
        }
        let sign = try PocketBaseSign(current, lexer: lexer)
        position += 1
        let rhs = try operand()
        return try comparison(lhs, sign, rhs)
    }

    /// The error for a token that cannot follow a complete comparison.
    private func unexpectedAfterComparison(closing open: PocketBaseFilterToken?) -> QueryParseError {
        let after = previous.map { " after '\($0.text)'" } ?? ""
        if let open, current.kind == .end {
            return lexer.error(at: open.offset, "expected a ')' to close this '('")
        }
        var hint: String?
        if case .identifier(let word) = current.kind, ["and", "or"].contains(word.lowercased()) {
            hint = "use '\(word.lowercased() == "and" ? "&&" : "||")' instead of '\(word)'"
        }
        let expected = open == nil ? "'&&', '||' or the end of the filter" : "'&&', '||' or ')'"
        return lexer.error(at: current.offset, "expected \(expected)\(after), found '\(current.text)'", hint: hint)
    }

    /// Reads one operand token.
    private mutating func operand() throws(QueryParseError) -> PocketBaseOperand {
        let token = current
        switch token.kind {
        case .identifier, .string, .number, .placeholder:
            position += 1
            return try resolve(token)
        case .end:
            let after = previous.map { " after '\($0.text)'" } ?? ""
            throw lexer.error(at: token.offset, "expected a field or a value\(after)")
        default:
            throw lexer.error(at: token.offset, "expected a field or a value before '\(token.text)'")
        }
    }
}
