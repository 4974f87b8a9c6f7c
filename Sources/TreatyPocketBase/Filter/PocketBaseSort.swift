import TreatyJSON
import TreatyQuery

/// Parses PocketBase's `sort=` language into ``OrderKey``s.
///
/// A comma list (entries trimmed, empty entries skipped); `-` sorts descending, `+` or nothing
/// ascending. Entries are fields, relation paths (`author.name`; a multi relation uses its first
/// related record), `@random` (a shuffle fixed by the seed) and `@rowid` (insertion order).
/// Strings sort by byte and empty values first ascending, as SQLite sorts PocketBase's columns;
/// dates sort in their stored text form.
///
/// ```swift
/// let order = try PocketBaseSort.parse("-created,author.name", schema: schema, resource: "posts")
/// ```
enum PocketBaseSort {
    /// Parses a sort.
    ///
    /// - Parameters:
    ///   - sort: The sort text; empty text gives no keys.
    ///   - schema: The resources and field types.
    ///   - resource: The collection sorted.
    ///   - randomSeed: The seed of `@random`.
    /// - Returns: The order keys.
    /// - Throws: ``QueryParseError`` for unknown fields (with a suggestion), back-relations and
    ///   multi-valued fields, naming the position.
    static func parse(_ sort: String, schema: QuerySchema, resource: String, randomSeed: UInt64 = 0)
        throws(QueryParseError) -> [OrderKey]
    {
        let lexer = ConditionLexer(sort, syntax: .pocketBaseSort)
        guard let root = schema.resources[resource] else {
            throw lexer.error(at: 0, "unknown collection '\(resource)'", kind: .unknownResource)
        }
        let end = ConditionToken(kind: .end, offset: sort.count, text: "")
        let parser = PocketBaseFilterParser(lexer: lexer, tokens: [end], schema: schema, root: root)
        var keys: [OrderKey] = []
        var offset = 0
        for entry in sort.split(separator: ",", omittingEmptySubsequences: false) {
            defer { offset += entry.count + 1 }
            let leading = entry.prefix { $0.isWhitespace }.count
            var text = entry.trimmingPrefix { $0.isWhitespace }
            while text.last?.isWhitespace == true { text.removeLast() }
            guard !text.isEmpty else { continue }
            var start = offset + leading
            var descending = false
            if let first = text.first, first == "-" || first == "+" {
                descending = first == "-"
                text.removeFirst()
                start += 1
                guard !text.isEmpty else { throw lexer.error(at: start, "expected a field after '\(first)'") }
            }
            keys.append(try key(String(text), descending: descending, at: start, parser: parser, seed: randomSeed))
        }
        return keys
    }

    private static func key(
        _ name: String, descending: Bool, at offset: Int, parser: PocketBaseFilterParser, seed: UInt64
    ) throws(QueryParseError) -> OrderKey {
        let lexer = parser.lexer
        switch name {
        case "@random": return OrderKey(.random(seed: seed), descending: descending)
        case "@rowid": return OrderKey(.insertionOrder, descending: descending)
        default: break
        }
        guard let first = name.first, parser.lexer.syntax.startsName(first),
            name.allSatisfy(parser.lexer.syntax.continuesName), !name.contains(":")
        else {
            throw lexer.error(at: offset, "'\(name)' is not a field name")
        }
        if name.hasPrefix("@") {
            throw lexer.error(
                at: offset, "unknown sort key '\(name)'", kind: .unknownField,
                hint: Suggestion.closest(to: name, among: ["@random", "@rowid"]).map { "did you mean '\($0)'?" })
        }
        let token = ConditionToken(kind: .name(name), offset: offset, text: name)
        let path = try parser.recordPath(name, token)
        var components: [String] = []
        for hop in path.hops {
            guard case .forward = hop.direction else {
                throw lexer.error(
                    at: offset, "cannot sort by '\(name)': back-relations are not sortable", kind: .unsupported)
            }
            components.append(hop.relation)
        }
        guard !path.kind.isMultiValued else {
            throw lexer.error(
                at: offset, "cannot sort by '\(name)': it holds several values", kind: .unsupported)
        }
        components.append(path.field)
        let modifier: PathModifier? = path.kind == .date ? .read(.pocketBaseDateText) : nil
        var key = OrderKey(
            FieldPath(components, modifier: modifier), descending: descending, caseSensitive: true, nulls: .zero)
        // PocketBase sorts by the joined row its WHERE kept: the filter's join of the same path.
        if !path.hops.isEmpty { key.join = PocketBaseFilterParser.joinName(path.hops[...]) }
        return key
    }
}
