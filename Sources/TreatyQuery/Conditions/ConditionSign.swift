/// A comparison sign of a condition written as text: its operator, whether it negates `~`, and
/// whether it is an "any" (`?`) form.
package struct ConditionSign: Sendable {
    /// The operator (`like` for `~` and `!~`).
    package let op: QueryOperator
    /// `!~`: the negation of `~`.
    package let negated: Bool
    /// The `?` form: some element of a list must pass, rather than every element.
    package let any: Bool
    package let token: ConditionToken

    /// Reads the sign token `token`: `= != > >= < <= ~ !~`, each optionally after `?`.
    package init(_ token: ConditionToken, lexer: ConditionLexer) throws(QueryParseError) {
        self.token = token
        var text = token.text
        any = text.hasPrefix("?")
        if any { text.removeFirst() }
        let signs: [String: QueryOperator] = [
            "=": .eq, "!=": .ne, ">": .gt, ">=": .ge, "<": .lt, "<=": .le, "~": .like, "!~": .like,
        ]
        guard let op = signs[text] else {
            throw lexer.error(
                at: token.offset,
                "unknown operator '\(token.text)'; expected = != > >= < <= ~ !~ or a ?-form such as ?=",
                hint: text == "==" ? "did you mean '='?" : nil)
        }
        self.op = op
        negated = text == "!~"
    }
}
