import TreatyQuery

extension ConditionLexer.Syntax {
    /// PocketBase's `filter=` language on the shared tokens: names may start with `@` (macros,
    /// `@request.*`, `@collection.*`) or `#` and hold `@`, `#`, `.` and `:`; `//` comments run to
    /// the end of the line; `{:name}` is a placeholder.
    static let pocketBaseFilter = ConditionLexer.Syntax(
        context: "filter", nameStarts: ["_", "@", "#"], nameContinues: ["_", ".", ":", "@", "#"], lineComments: true,
        placeholders: true)

    /// PocketBase's `sort=` field names, with the filter's name characters.
    static let pocketBaseSort: ConditionLexer.Syntax = {
        var syntax = pocketBaseFilter
        syntax.context = "sort"
        return syntax
    }()
}
