import TreatyJSON

extension Expr: CustomStringConvertible {
    /// A compact rendering for logs and tests:
    /// `all[like(title, "x")[ci, wrap], tags.any{eq(id, "t1")}]`.
    public var description: String {
        switch self {
        case .all(let operands): "all[" + operands.map(\.description).joined(separator: ", ") + "]"
        case .any(let operands): "any[" + operands.map(\.description).joined(separator: ", ") + "]"
        case .not(let operand): "not(\(operand))"
        case .cond(let condition): condition.description
        case .link(let link): link.description
        }
    }
}

extension Condition: CustomStringConvertible {
    /// `op(path, operand)` followed by the flags that differ from the defaults, e.g.
    /// `ne(title, "x")[nullMatches, emptyIsNull]`.
    public var description: String {
        let operandText: String
        switch operand {
        case .none: operandText = ""
        case .value(let value): operandText = ", \(value)"
        case .list(let values): operandText = ", \(JSONValueList(values))"
        case .range(let low, let high): operandText = ", \(low)...\(high)"
        case .tolerance(let value, let tolerance): operandText = ", \(value)±\(tolerance)"
        case .parameter(let name): operandText = ", $\(name)"
        case .field(let path): operandText = ", \(path)"
        case .macro(let macro): operandText = ", \(macro)"
        }
        var flags: [String] = []
        if !caseSensitive { flags.append(fold == .ascii ? "ci" : "ci unicode") }
        if quantifier != .any { flags.append(quantifier.rawValue) }
        if emptyMatches != quantifier.defaultEmptyMatch { flags.append("empty: \(emptyMatches.rawValue)") }
        if nullMatches { flags.append("nullMatches") }
        if emptyEqualsNull { flags.append("emptyIsNull") }
        if likeWrap { flags.append("wrap") }
        if let alias, operand != .parameter(alias) { flags.append("as \(alias)") }
        if let join { flags.append("join: \(join)") }
        if let semantics = comparison.semantics { flags.append(semantics.name) }
        return "\(op)(\(path)\(operandText))" + (flags.isEmpty ? "" : "[" + flags.joined(separator: ", ") + "]")
    }
}

extension Link: CustomStringConvertible {
    /// `tags.any{…}`, `comments_via_post.all[empty: asOneEmptyValue]{…}`, `@collection.users.any{…}`;
    /// a joined link is `tags.join(tags){…}`.
    public var description: String {
        let name: String
        switch direction {
        case .forward: name = relation
        case .backlink(let from): name = "\(from)_via_\(relation)"
        case .collection: name = "@collection.\(relation)"
        }
        if let join { return "\(name).join(\(join)){\(self.where)}" }
        let empty = emptyMatches == quantifier.defaultEmptyMatch ? "" : "[empty: \(emptyMatches.rawValue)]"
        return "\(name).\(quantifier.rawValue)\(empty){\(self.where)}"
    }
}

/// Renders a list of JSON values as one JSON array.
private struct JSONValueList: CustomStringConvertible {
    let values: [JSONValue]

    init(_ values: [JSONValue]) {
        self.values = values
    }

    var description: String { "[" + values.map(\.description).joined(separator: ",") + "]" }
}
