/// Splits CloudKit Schema Language text (`cktool export-schema`'s `.ckdb`) into tokens with
/// their lines and columns: words, double-quoted names, and `( ) , ; < >`; `//` and `/* */`
/// comments are skipped.
struct CloudKitSchemaLanguageScanner {
    /// One token.
    struct Token: Equatable {
        enum Kind: Equatable {
            case word
            case quoted
            case symbol
        }

        var kind: Kind
        var text: String
        var line: Int
        var column: Int
    }

    /// The tokens of `text`, and the position of the first character no token can start with.
    static func tokens(of text: String) -> (
        tokens: [Token], unexpected: (line: Int, column: Int, character: Character)?
    ) {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        var line = 1
        var column = 1
        func advance() {
            if characters[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                advance()
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                while index < characters.count, characters[index] != "\n" { advance() }
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "*" {
                advance()
                advance()
                while index < characters.count,
                    !(characters[index] == "*" && index + 1 < characters.count && characters[index + 1] == "/")
                {
                    advance()
                }
                if index < characters.count {
                    advance()
                    advance()
                }
            } else if "(),;<>".contains(character) {
                tokens.append(Token(kind: .symbol, text: String(character), line: line, column: column))
                advance()
            } else if character == "\"" {
                let start = (line, column)
                advance()
                var name = ""
                while index < characters.count, characters[index] != "\"", characters[index] != "\n" {
                    name.append(characters[index])
                    advance()
                }
                if index < characters.count, characters[index] == "\"" { advance() }
                tokens.append(Token(kind: .quoted, text: name, line: start.0, column: start.1))
            } else if character.isLetter || character.isNumber || character == "_" || character == "." {
                let start = (line, column)
                var word = ""
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                        || characters[index] == "."
                {
                    word.append(characters[index])
                    advance()
                }
                tokens.append(Token(kind: .word, text: word, line: start.0, column: start.1))
            } else {
                return (tokens, (line, column, character))
            }
        }
        return (tokens, nil)
    }
}
