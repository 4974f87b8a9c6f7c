/// One token of a condition written as text: TreatyQuery's own syntax (``ConditionText``) and
/// the dialect filter languages built on ``ConditionLexer``.
package struct ConditionToken: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// A field path with its optional `:modifier`, a keyword (`true`, `false`, `null`) or,
        /// where the syntax allows it, a macro such as `@now`, as written.
        case name(String)
        /// A quoted string, unescaped.
        case string(String)
        /// A number, as written.
        case number(String)
        /// `{:name}`, where the syntax has placeholders.
        case placeholder(String)
        /// A comparison sign such as `>=` or `?=`.
        case sign(String)
        case and, or, open, close
        case end
    }

    package let kind: Kind
    /// The position of the token's first character.
    package let offset: Int
    /// The token as written.
    package let text: String

    package init(kind: Kind, offset: Int, text: String) {
        self.kind = kind
        self.offset = offset
        self.text = text
    }
}
