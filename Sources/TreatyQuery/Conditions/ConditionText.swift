/// Conditions written as text where no dialect is involved, such as scenario matchers
/// (`views > 10 && title ~ "hello"`, `tags:each ?= "swift"`).
///
/// The grammar is the query model's text syntax (shared/query.md): the filter language the
/// PocketBase parser reads, with its operators, `:each`, `?=` any-operators and literals.
public enum ConditionText {
    /// Parses `text` as a condition on records of `resource`.
    ///
    /// - Parameters:
    ///   - text: The condition.
    ///   - schema: The fields the condition may name, with their kinds.
    ///   - resource: The resource the condition tests.
    /// - Returns: The expression.
    /// - Throws: ``QueryParseError`` with the character where the text goes wrong.
    public static func parse(_ text: String, schema: QuerySchema, resource: String) throws(QueryParseError) -> Expr {
        try PocketBaseFilter.parse(text, schema: schema, resource: resource)
    }

    /// The grammar error in `text`, without a schema (field names are not checked), or `nil`
    /// when it reads as a condition.
    public static func syntaxError(in text: String) -> QueryParseError? {
        PocketBaseFilter.syntaxError(in: text)
    }
}
