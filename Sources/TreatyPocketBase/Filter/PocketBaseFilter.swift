import TreatyJSON
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
        let lexer = ConditionLexer(filter, syntax: .pocketBaseFilter)
        guard let root = schema.resources[resource] else {
            throw lexer.error(
                at: 0, "unknown collection '\(resource)'", kind: .unknownResource,
                hint: Suggestion.closest(to: resource, among: schema.resources.keys).map { "did you mean '\($0)'?" })
        }
        var parser = PocketBaseFilterParser(lexer: lexer, tokens: try lexer.tokens(), schema: schema, root: root)
        return try parser.parse()
    }
}

/// The comparisons of ``PocketBaseFilter``, on the shared boolean grammar (``ConditionParsing``).
struct PocketBaseFilterParser: ConditionParsing {
    let lexer: ConditionLexer
    let tokens: [ConditionToken]
    let schema: QuerySchema
    let root: ResourceSchema
    var position = 0

    init(lexer: ConditionLexer, tokens: [ConditionToken], schema: QuerySchema, root: ResourceSchema) {
        self.lexer = lexer
        self.tokens = tokens
        self.schema = schema
        self.root = root
    }

    /// Reads `operand sign operand`.
    mutating func comparison() throws(QueryParseError) -> Expr {
        let lhs = try operand()
        guard case .sign = current.kind else {
            throw lexer.error(at: current.offset, "expected an operator after '\(lhs.token.text)'")
        }
        let sign = try PocketBaseSign(current, lexer: lexer)
        position += 1
        let rhs = try operand()
        return try comparison(lhs, sign, rhs)
    }

    /// Reads one operand token.
    private mutating func operand() throws(QueryParseError) -> PocketBaseOperand {
        let token = current
        switch token.kind {
        case .name, .string, .number, .placeholder:
            position += 1
            return try resolve(token)
        default:
            throw expected("a field or a value")
        }
    }
}
