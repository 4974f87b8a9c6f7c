import TreatyQuery

/// One token of a PocketBase filter.
struct PocketBaseFilterToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A field path, keyword (`true`, `false`, `null`) or macro (`@now`), as written.
        case identifier(String)
        /// A quoted string, unescaped.
        case string(String)
        /// A number, as written.
        case number(String)
        /// `{:name}`.
        case placeholder(String)
        /// A comparison operator such as `>=` or `?~`.
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

/// Splits a PocketBase filter into tokens: `&&` `||` `( )`, comparison signs, quoted strings,
/// numbers, `{:placeholders}` and identifiers; spaces and `//` comments are skipped.
struct PocketBaseLexer {
    let characters: [Character]
    let text: String
    let context: String

    init(_ text: String, context: String = "filter") {
        self.text = text
        self.context = context
        characters = Array(text)
    }

    /// Every token, ending with `.end`.
    func tokens() throws(QueryParseError) -> [PocketBaseFilterToken] {
        var tokens: [PocketBaseFilterToken] = []
        var index = 0
        while true {
            index = skipSpaceAndComments(from: index)
            guard index < characters.count else {
                tokens.append(PocketBaseFilterToken(kind: .end, offset: characters.count, text: ""))
                return tokens
            }
            let (token, next) = try token(at: index)
            tokens.append(token)
            index = next
        }
    }

    private func skipSpaceAndComments(from start: Int) -> Int {
        var index = start
        while index < characters.count {
            if characters[index].isWhitespace {
                index += 1
            } else if characters[index] == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else {
                break
            }
        }
        return index
    }

    private func token(at start: Int) throws(QueryParseError) -> (PocketBaseFilterToken, Int) {
        let character = characters[start]
        func make(_ kind: PocketBaseFilterToken.Kind, _ end: Int) -> (PocketBaseFilterToken, Int) {
            (PocketBaseFilterToken(kind: kind, offset: start, text: String(characters[start..<end])), end)
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
        case "{": return try placeholder(at: start)
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
            if Self.startsIdentifier(character) {
                var end = start + 1
                while end < characters.count, Self.continuesIdentifier(characters[end]) { end += 1 }
                return make(.identifier(String(characters[start..<end])), end)
            }
            throw error(at: start, "unexpected character '\(character)'")
        }
    }

    static func startsIdentifier(_ character: Character) -> Bool {
        character.isLetter || character == "_" || character == "@" || character == "#"
    }

    static func continuesIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "_.:@#".contains(character)
    }

    /// A quoted string; `\` before the quote character escapes it, and every other backslash
    /// stays (so `\%` still escapes a LIKE wildcard), as PocketBase reads strings.
    private func string(at start: Int, quote: Character) throws(QueryParseError) -> (PocketBaseFilterToken, Int) {
        var value = ""
        var index = start + 1
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, characters[index + 1] == quote {
                value.append(quote)
                index += 2
            } else if character == quote {
                let token = PocketBaseFilterToken(
                    kind: .string(value), offset: start, text: String(characters[start...index]))
                return (token, index + 1)
            } else {
                value.append(character)
                index += 1
            }
        }
        throw error(at: start, "unterminated string starting with \(quote)")
    }

    private func number(at start: Int) -> (PocketBaseFilterToken, Int) {
        var end = start + 1
        while end < characters.count, characters[end].isNumber { end += 1 }
        if end + 1 < characters.count, characters[end] == ".", characters[end + 1].isNumber {
            end += 2
            while end < characters.count, characters[end].isNumber { end += 1 }
        }
        let text = String(characters[start..<end])
        return (PocketBaseFilterToken(kind: .number(text), offset: start, text: text), end)
    }

    private func placeholder(at start: Int) throws(QueryParseError) -> (PocketBaseFilterToken, Int) {
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
        return (PocketBaseFilterToken(kind: .placeholder(name), offset: start, text: "{:\(name)}"), end + 1)
    }

    func error(at offset: Int, _ message: String, kind: QueryError.Kind = .syntax, hint: String? = nil)
        -> QueryParseError
    {
        QueryParseError(kind, context: context, text: text, offset: offset, message: message, hint: hint)
    }
}
