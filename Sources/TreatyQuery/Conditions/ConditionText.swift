import TreatyJSON

/// Conditions written as text where no dialect is involved, such as scenario matchers
/// (`views > 10 && title ~ "hello"`, `tags:each ?= "swift"`).
///
/// The syntax is the query model's own (see <doc:ConditionSyntax>): field paths, the signs
/// `= != > >= < <= ~ !~` and their `?` forms for `:each` lists, string, number, bool and null
/// literals, `&&` (binding tighter), `||` and parentheses. It produces ``Expr``s with explicit
/// semantics: `null` and `""` are one value for text, `!=` holds for a null value, `~` is a
/// case-insensitive ``QueryOperator/like`` matching anywhere unless the pattern has a `%`, and
/// `= null` / `!= null` test for null.
///
/// ```swift
/// let expr = try ConditionText.parse("views > 10 && title ~ 'swift'", schema: schema, resource: "posts")
/// ```
public enum ConditionText {
    /// Parses `text` as a condition on records of `resource`.
    ///
    /// - Parameters:
    ///   - text: The condition; empty or blank text matches every record.
    ///   - schema: The fields the condition may name, with their kinds.
    ///   - resource: The resource the condition tests.
    /// - Returns: The expression.
    /// - Throws: ``QueryParseError`` with the character where the text goes wrong: grammar
    ///   errors, unknown fields (with a suggestion), operators and values that do not apply.
    public static func parse(_ text: String, schema: QuerySchema, resource: String) throws(QueryParseError) -> Expr {
        guard let root = schema.resources[resource] else {
            throw QueryParseError(
                .unknownResource, context: "condition", text: text, offset: 0,
                message: "unknown resource '\(resource)'",
                hint: Suggestion.closest(to: resource, among: schema.resources.keys).map { "did you mean '\($0)'?" })
        }
        var parser = try ConditionParser(text, schema: schema, resource: root)
        return try parser.parse()
    }

    /// The grammar error in `text`, without a schema (field names are not checked), or `nil`
    /// when it reads as a condition.
    ///
    /// - Parameter text: The condition.
    /// - Returns: The error, with its position, or `nil`.
    public static func syntaxError(in text: String) -> QueryParseError? {
        do {
            var parser = try ConditionParser(text, schema: QuerySchema([]), resource: nil)
            _ = try parser.parse()
            return nil
        } catch {
            return error
        }
    }
}
