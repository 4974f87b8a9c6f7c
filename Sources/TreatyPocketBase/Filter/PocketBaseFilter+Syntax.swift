import TreatyQuery

extension PocketBaseFilter {
    /// The grammar error in `filter`, checked without a schema — for filters written before the
    /// records they will test are known (scenario matchers). Every field the text names is
    /// taken as JSON, so only the grammar can fail: unknown fields and type mismatches are for
    /// ``parse(_:schema:resource:)`` against the real schema.
    ///
    /// - Parameter filter: The filter text.
    /// - Returns: The error, with its position, or `nil` when the text is a filter.
    static func syntaxError(in filter: String) -> QueryParseError? {
        let tokens: [ConditionToken]
        do {
            tokens = try ConditionLexer(filter, syntax: .pocketBaseFilter).tokens()
        } catch {
            return error
        }
        var fields: [String: FieldKind] = [:]
        for token in tokens {
            guard case .name(let text) = token.kind, !text.hasPrefix("@"),
                let name = text.split(whereSeparator: { $0 == "." || $0 == ":" }).first
            else { continue }
            fields[String(name)] = .json
        }
        do {
            _ = try parse(filter, schema: QuerySchema([ResourceSchema("value", fields: fields)]), resource: "value")
            return nil
        } catch {
            return error.kind == .syntax ? error : nil
        }
    }
}
