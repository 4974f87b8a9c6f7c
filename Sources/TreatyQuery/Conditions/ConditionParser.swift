import TreatyJSON

/// The recursive-descent parser behind ``ConditionText``.
///
/// Without a resource (``ConditionText/syntaxError(in:)``) only the grammar is checked; with
/// one, field names are checked against it and each comparison is compiled, so unknown fields
/// and values of the wrong type are reported at their position.
struct ConditionParser: ConditionParsing {
    let lexer: ConditionLexer
    let tokens: [ConditionToken]
    let schema: QuerySchema
    let resource: ResourceSchema?
    var position = 0

    init(_ text: String, schema: QuerySchema, resource: ResourceSchema?) throws(QueryParseError) {
        lexer = ConditionLexer(text)
        tokens = try lexer.tokens()
        self.schema = schema
        self.resource = resource
    }

    /// Reads `path sign operand`.
    mutating func comparison() throws(QueryParseError) -> Expr {
        let field = current
        guard case .name(let name) = field.kind, !Self.keywords.keys.contains(name) else {
            throw expected("a field")
        }
        position += 1
        let path = try path(name, at: field.offset)
        guard case .sign = current.kind else {
            throw lexer.error(at: current.offset, "expected an operator after '\(field.text)'")
        }
        let sign = try ConditionSign(current, lexer: lexer)
        position += 1
        let value = current
        let operand: Operand
        switch value.kind {
        case .string(let text): operand = .value(.string(text))
        case .number(let text):
            guard let number = JSONNumber(text: text) else {
                throw lexer.error(at: value.offset, "'\(text)' is not a number")
            }
            operand = .value(.number(number))
        case .name(let word):
            if let keyword = Self.keywords[word] {
                operand = .value(keyword)
            } else {
                let other = try self.path(word, at: value.offset)
                guard !other.each else {
                    throw lexer.error(
                        at: value.offset, "'\(word)' holds several values; compare it on the left", kind: .unsupported)
                }
                operand = .field(other.path)
            }
        default:
            throw expected("a field or a value")
        }
        position += 1
        return try comparison(path, sign, operand, field: field, value: value)
    }

    /// The literals written as words.
    private static let keywords: [String: JSONValue] = ["true": true, "false": false, "null": .null]
}
