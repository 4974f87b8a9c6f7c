extension ConditionLexer {
    /// What a condition language adds to the shared tokens (`&&` `||` `( )`, comparison signs,
    /// quoted strings, numbers and names): the characters its names may hold, `//` comments and
    /// `{:name}` placeholders, and what its errors call the text.
    package struct Syntax: Sendable {
        /// What errors call the text, e.g. `condition` or `filter`.
        package var context: String
        /// Characters besides letters that may start a name.
        package var nameStarts: Set<Character>
        /// Characters besides letters and digits that may continue a name.
        package var nameContinues: Set<Character>
        /// Whether `//` starts a comment running to the end of the line.
        package var lineComments: Bool
        /// Whether `{:name}` is a placeholder token.
        package var placeholders: Bool

        package init(
            context: String, nameStarts: Set<Character>, nameContinues: Set<Character>, lineComments: Bool,
            placeholders: Bool
        ) {
            self.context = context
            self.nameStarts = nameStarts
            self.nameContinues = nameContinues
            self.lineComments = lineComments
            self.placeholders = placeholders
        }

        /// TreatyQuery's own condition syntax (<doc:ConditionSyntax>).
        package static let condition = Syntax(
            context: "condition", nameStarts: ["_"], nameContinues: ["_", ".", ":"], lineComments: false,
            placeholders: false)

        /// Whether `character` may start a name.
        package func startsName(_ character: Character) -> Bool {
            character.isLetter || nameStarts.contains(character)
        }

        /// Whether `character` may continue a name.
        package func continuesName(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || nameContinues.contains(character)
        }
    }
}
