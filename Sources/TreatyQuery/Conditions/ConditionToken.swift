/// One token of a condition written as text (``ConditionText``).
struct ConditionToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A field path with its optional `:modifier`, or a keyword (`true`, `false`, `null`).
        case name(String)
        /// A quoted string, unescaped.
        case string(String)
        /// A number, as written.
        case number(String)
        /// A comparison sign such as `>=` or `?=`.
        case sign(String)
        case and, or, open, close
        case end
    }

    let kind: Kind
    /// The position of the token's first character.
    let offset: Int
    /// The token as written.
    let text: String
}
