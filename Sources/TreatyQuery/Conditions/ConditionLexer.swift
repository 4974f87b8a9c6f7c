/// Splits a condition into tokens: `&&` `||` `( )`, comparison signs, quoted strings, numbers
/// and names; spaces are skipped.
struct ConditionLexer {
    let text: String
    private let characters: [Character]

    init(_ text: String) {
        self.text = text
        characters = Array(text)
    }

    /// Every token, ending with `.end`.
    func tokens() throws(QueryParseError) -> [ConditionToken] {
        var tokens: [ConditionToken] = []
        var index = 0
        while true {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
            guard index < characters.count else {
                tokens.append(ConditionToken(kind: .end, offset: characters.count, text: ""))
                return tokens
            }
            let (token, next) = try token(at: index)
            tokens.append(token)
            index = next
        }
    }

    private func token(at start: Int) throws(QueryParseError) -> (ConditionToken, Int) {
        let character = characters[start]
        func make(_ kind: ConditionToken.Kind, _ end: Int) -> (ConditionToken, Int) {
            (ConditionToken(kind: kind, offset: start, text: String(characters[start..<end])), end)
        }
        switch character {
        case "(": return make(.open, start + 1)
        case ")": return make(.close, start + 1)
        case "&", "|":
            guard start + 1 < characters.count, characters[start + 1] == character else {
                throw error(at: start, "expected '\(character)\(character)' but found a single '\(character)'")
            }
            return make(character == "&" ? .and : .or, start + 2)
        case "\"", "'": return try string(at: start, quote: character)
        case "=", "!", "<", ">", "~", "?":
            var end = start
            while end < characters.count, "=!<>~?".contains(characters[end]) { end += 1 }
            return make(.sign(String(characters[start..<end])), end)
        default:
            if character.isNumber
                || (character == "-" && start + 1 < characters.count && characters[start + 1].isNumber)
            {
                return number(at: start)
            }
            if character.isLetter || character == "_" {
                var end = start + 1
                while end < characters.count,
                    characters[end].isLetter || characters[end].isNumber || "_.:".contains(characters[end])
                {
                    end += 1
                }
                return make(.name(String(characters[start..<end])), end)
            }
            throw error(at: start, "unexpected character '\(character)'")
        }
    }

    /// A quoted string; a backslash before the quote character escapes it, and every other
    /// backslash stays (so `\%` still escapes a `~` wildcard).
    private func string(at start: Int, quote: Character) throws(QueryParseError) -> (ConditionToken, Int) {
        var value = ""
        var index = start + 1
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, characters[index + 1] == quote {
                value.append(quote)
                index += 2
            } else if character == quote {
                let token = ConditionToken(kind: .string(value), offset: start, text: String(characters[start...index]))
                return (token, index + 1)
            } else {
                value.append(character)
                index += 1
            }
        }
        throw error(at: start, "unterminated string starting with \(quote)")
    }

    private func number(at start: Int) -> (ConditionToken, Int) {
        var end = start + 1
        while end < characters.count, characters[end].isNumber { end += 1 }
        if end + 1 < characters.count, characters[end] == ".", characters[end + 1].isNumber {
            end += 2
            while end < characters.count, characters[end].isNumber { end += 1 }
        }
        let text = String(characters[start..<end])
        return (ConditionToken(kind: .number(text), offset: start, text: text), end)
    }

    func error(at offset: Int, _ message: String, kind: QueryError.Kind = .syntax, hint: String? = nil)
        -> QueryParseError
    {
        QueryParseError(kind, context: "condition", text: text, offset: offset, message: message, hint: hint)
    }
}
