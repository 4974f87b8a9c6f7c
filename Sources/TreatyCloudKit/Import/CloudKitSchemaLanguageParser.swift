internal import TreatyCore

/// Reads CloudKit Schema Language (`DEFINE SCHEMA`, `CREATE ROLE`, `RECORD TYPE name (fields,
/// grants);`) into record types, with a located diagnostic for each statement it cannot read; it
/// skips to the next `,` or `;` and reads on.
struct CloudKitSchemaLanguageParser {
    /// One declared field.
    struct FieldDeclaration {
        var name: String
        var type: String
        var indexes: [String]
        var line: Int
    }

    /// One `GRANT … TO "role"`.
    struct Grant {
        var permissions: [String]
        var role: String
    }

    /// One `RECORD TYPE`.
    struct RecordTypeDeclaration {
        var name: String
        var line: Int
        var fields: [FieldDeclaration] = []
        var grants: [Grant] = []
    }

    let file: String
    let text: String
    private var tokens: [CloudKitSchemaLanguageScanner.Token] = []
    private var position = 0
    var recordTypes: [RecordTypeDeclaration] = []
    var roles: [String] = []
    var diagnostics: [Diagnostic] = []

    static let indexWords: Set<String> = ["QUERYABLE", "SORTABLE", "SEARCHABLE"]

    init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Parses the whole text.
    mutating func parse() {
        let scanned = CloudKitSchemaLanguageScanner.tokens(of: text)
        tokens = scanned.tokens
        if let unexpected = scanned.unexpected {
            report("unexpected character '\(unexpected.character)'", line: unexpected.line, column: unexpected.column)
        }
        if peekWord("DEFINE") {
            position += 1
            expectWord("SCHEMA")
        }
        while position < tokens.count {
            if peekWord("CREATE") {
                position += 1
                expectWord("ROLE")
                if let name = name() { roles.append(name) }
                skip(past: ";")
            } else if peekWord("RECORD") {
                recordType()
            } else {
                let token = tokens[position]
                report("expected 'RECORD TYPE' or 'CREATE ROLE', found '\(token.text)'", at: token)
                skip(past: ";")
            }
        }
    }

    private mutating func recordType() {
        let start = tokens[position]
        position += 1
        guard expectWord("TYPE"), let name = name() else {
            skip(past: ";")
            return
        }
        var declaration = RecordTypeDeclaration(name: name, line: start.line)
        guard expectSymbol("(") else {
            skip(past: ";")
            return
        }
        while position < tokens.count, !peekSymbol(")") {
            if peekWord("GRANT") {
                if let grant = grant() { declaration.grants.append(grant) }
            } else if let field = field() {
                declaration.fields.append(field)
            } else {
                skipItem()
            }
            if peekSymbol(",") { position += 1 }
        }
        expectSymbol(")")
        expectSymbol(";")
        recordTypes.append(declaration)
    }

    private mutating func field() -> FieldDeclaration? {
        guard position < tokens.count else { return nil }
        let start = tokens[position]
        guard let name = name() else { return nil }
        guard var type = word(what: "a field type") else { return nil }
        if type == "LIST" {
            guard expectSymbol("<"), let element = word(what: "a list's element type"), expectSymbol(">") else {
                return nil
            }
            type = "LIST<\(element)>"
        }
        var indexes: [String] = []
        while position < tokens.count, tokens[position].kind == .word,
            Self.indexWords.contains(tokens[position].text.uppercased())
        {
            indexes.append(tokens[position].text.uppercased())
            position += 1
        }
        if position < tokens.count, !peekSymbol(","), !peekSymbol(")") {
            report("expected ',' or ')' after field '\(name)', found '\(tokens[position].text)'", at: tokens[position])
            return nil
        }
        return FieldDeclaration(name: name, type: type, indexes: indexes, line: start.line)
    }

    private mutating func grant() -> Grant? {
        position += 1
        var permissions: [String] = []
        while let permission = word(what: "a permission") {
            permissions.append(permission)
            if peekSymbol(",") {
                position += 1
                continue
            }
            break
        }
        guard expectWord("TO"), let role = name() else { return nil }
        return Grant(permissions: permissions, role: role)
    }

    // MARK: Tokens

    private func peekWord(_ word: String) -> Bool {
        position < tokens.count && tokens[position].kind == .word && tokens[position].text.uppercased() == word
    }

    private func peekSymbol(_ symbol: String) -> Bool {
        position < tokens.count && tokens[position].kind == .symbol && tokens[position].text == symbol
    }

    @discardableResult
    private mutating func expectWord(_ word: String) -> Bool {
        if peekWord(word) {
            position += 1
            return true
        }
        reportExpected("'\(word)'")
        return false
    }

    @discardableResult
    private mutating func expectSymbol(_ symbol: String) -> Bool {
        if peekSymbol(symbol) {
            position += 1
            return true
        }
        reportExpected("'\(symbol)'")
        return false
    }

    private mutating func word(what: String) -> String? {
        guard position < tokens.count, tokens[position].kind == .word else {
            reportExpected(what)
            return nil
        }
        position += 1
        return tokens[position - 1].text.uppercased()
    }

    private mutating func name() -> String? {
        guard position < tokens.count, tokens[position].kind != .symbol else {
            reportExpected("a name")
            return nil
        }
        position += 1
        return tokens[position - 1].text
    }

    private mutating func skip(past symbol: String) {
        while position < tokens.count, !peekSymbol(symbol) { position += 1 }
        if position < tokens.count { position += 1 }
    }

    /// Skips to the `,` or `)` that ends a record type's item.
    private mutating func skipItem() {
        while position < tokens.count, !peekSymbol(","), !peekSymbol(")") { position += 1 }
    }

    private mutating func reportExpected(_ what: String) {
        if position < tokens.count {
            report("expected \(what), found '\(tokens[position].text)'", at: tokens[position])
        } else {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            report(
                "expected \(what), found the end of the file", line: lines.count, column: (lines.last?.count ?? 0) + 1)
        }
    }

    private mutating func report(_ message: String, at token: CloudKitSchemaLanguageScanner.Token) {
        report(message, line: token.line, column: token.column)
    }

    private mutating func report(_ message: String, line: Int, column: Int) {
        diagnostics.append(
            Diagnostic(
                severity: .error, rule: "ckdb-syntax", message: message,
                location: SourceLocation(file: file, line: line, column: column),
                fix: "write it as Apple's CloudKit Schema Language does (see 'cktool export-schema')",
                snippet: SourceSnippet.make(text: text[...], line: line, column: column)))
    }
}
