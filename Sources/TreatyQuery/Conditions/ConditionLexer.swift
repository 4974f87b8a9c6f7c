/// Splits a condition into tokens: `&&` `||` `( )`, comparison signs, quoted strings, numbers
/// and names, plus what its ``Syntax`` adds (comments, placeholders); spaces are skipped.
package struct ConditionLexer {
    package let text: String
    package let syntax: Syntax
    private let characters: [Character]

    package init(_ text: String, syntax: Syntax = .condition) {
        self.text = text
        self.syntax = syntax
        characters = Array(text)
    }

    /// Every token, ending with `.end`.
    package func tokens() throws(QueryParseError) -> [ConditionToken] {
        var tokens: [ConditionToken] = []
        var index = 0
        while true {
            index = skipSpaceAndComments(from: index)
            guard index < characters.count else {
                tokens.append(ConditionToken(kind: .end, offset: characters.count, text: ""))
                return tokens
            }
            let (token, next) = try token(at: index)
            tokens.append(token)
            index = next
        }
    }

    /// The error at `offset`, naming the text as the syntax's context.
    package func error(at offset: Int, _ message: String, kind: QueryError.Kind = .syntax, hint: String? = nil)
        -> QueryParseError
    {
        QueryParseError(kind, context: syntax.context, text: text, offset: offset, message: message, hint: hint)
    }

    private func skipSpaceAndComments(from start: Int) -> Int {
        var index = start
        while index < characters.count {
            if characters[index].isWhitespace {
                index += 1
            } else if syntax.lineComments, characters[index] == "/", index + 1 < characters.count,
                characters[index + 1] == "/"
            {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else {
                break
            }
        }
        return index
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
        case "{" where syntax.placeholders: return try placeholder(at: start)
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
            if syntax.startsName(character) {
                var end = start + 1
                while end < characters.count, syntax.continuesName(characters[end]) { end += 1 }
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

    private func placeholder(at start: Int) throws(QueryParseError) -> (ConditionToken, Int) {
        guard start + 1 < characters.count, characters[start + 1] == ":" else {
            throw error(at: start, "expected ':' after '{' in a {:placeholder}")
        }
        var end = start + 2
        while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" {
            end += 1
        }
        guard end > start + 2, end < characters.count, characters[end] == "}" else {
            throw error(at: end, "expected a placeholder name and '}' in a {:placeholder}")
        }
        let name = String(characters[(start + 2)..<end])
        return (ConditionToken(kind: .placeholder(name), offset: start, text: "{:\(name)}"), end + 1)
    }
}
