/// Collects diagnostics while decoding a ``SourceNode`` tree, and reads typed values out of it.
///
/// Every reader reports a located diagnostic and returns `nil` on a bad value, so decoding
/// keeps going and one run reports every problem in a file.
struct DecodingContext {
    let file: String
    let text: String
    var diagnostics: [Diagnostic] = []

    func location(of node: SourceNode) -> SourceLocation {
        SourceLocation(file: file, line: node.line, column: node.column)
    }

    mutating func report(
        _ rule: RuleID,
        _ message: String,
        line: Int,
        column: Int,
        details: [String] = [],
        fix: String? = nil,
        severity: Diagnostic.Severity = .error
    ) {
        var diagnostic = Diagnostic(
            severity: severity, rule: rule, message: message,
            location: SourceLocation(file: file, line: line, column: column), details: details, fix: fix)
        diagnostic.snippet = SourceSnippet.make(text: text[...], line: line, column: column)
        diagnostics.append(diagnostic)
    }

    mutating func report(
        _ rule: RuleID,
        _ message: String,
        at node: SourceNode,
        details: [String] = [],
        fix: String? = nil,
        severity: Diagnostic.Severity = .error
    ) {
        report(rule, message, line: node.line, column: node.column, details: details, fix: fix, severity: severity)
    }

    /// The entries of a mapping, reporting keys outside `allowed` with a suggestion; `nil` (and
    /// a diagnostic) when the node is not a mapping.
    ///
    /// With `allowsExtensions`, keys starting with `x-` are skipped silently: they hold anchors
    /// for reuse (`x-timestamps: &stamped { … }`) or tool-specific data.
    mutating func mapping(
        _ node: SourceNode,
        allowed: [String],
        in what: String,
        allowsExtensions: Bool = false
    ) -> Mapping? {
        guard case .mapping(let entries) = node.value else {
            report("invalid-value", "\(what) must be a mapping, found \(node.kindDescription)", at: node)
            return nil
        }
        for entry in entries where !allowed.contains(entry.key) {
            if allowsExtensions, entry.key.hasPrefix("x-") { continue }
            var details: [String] = []
            if let suggestion = Suggestion.closest(to: entry.key, among: allowed) {
                details.append("did you mean '\(suggestion)'?")
            }
            var fix = "use one of: \(allowed.joined(separator: ", "))"
            if allowsExtensions { fix += ", or a name starting with 'x-' for an extension" }
            report(
                "unknown-key", "unknown key '\(entry.key)' in \(what)", line: entry.keyLine, column: entry.keyColumn,
                details: details, fix: fix)
        }
        return Mapping(node: node, entries: entries.filter { allowed.contains($0.key) })
    }

    mutating func string(_ node: SourceNode, _ what: String) -> String? {
        guard case .scalar(let text, let isPlain) = node.value, !(isPlain && YAMLScalar.isNull(text)) else {
            report("invalid-value", "\(what) must be a string, found \(node.kindDescription)", at: node)
            return nil
        }
        return text
    }

    mutating func bool(_ node: SourceNode, _ what: String) -> Bool? {
        guard case .scalar(let text, true) = node.value, let value = YAMLScalar.bool(text) else {
            report(
                "invalid-value", "\(what) must be true or false, found \(node.kindDescription)", at: node)
            return nil
        }
        return value
    }

    mutating func int(_ node: SourceNode, _ what: String) -> Int? {
        guard case .scalar(let text, true) = node.value, let value = Int(text) else {
            report("invalid-value", "\(what) must be an integer, found \(node.kindDescription)", at: node)
            return nil
        }
        return value
    }

    mutating func number(_ node: SourceNode, _ what: String) -> Double? {
        guard case .scalar(let text, true) = node.value, let value = Double(text), value.isFinite else {
            report("invalid-value", "\(what) must be a number, found \(node.kindDescription)", at: node)
            return nil
        }
        return value
    }

    mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ node: SourceNode,
        _ what: String,
        as type: Value.Type
    ) -> Value? where Value.RawValue == String {
        guard let text = string(node, what) else { return nil }
        if let value = Value(rawValue: text) { return value }
        let options = Value.allCases.map(\.rawValue)
        var details: [String] = []
        if let suggestion = Suggestion.closest(to: text, among: options) { details.append("did you mean '\(suggestion)'?") }
        report(
            "invalid-value", "\(what) '\(text)' is not one of: \(options.joined(separator: ", "))", at: node,
            details: details)
        return nil
    }

    /// A list of strings; a single string is accepted as a list of one.
    mutating func strings(_ node: SourceNode, _ what: String) -> [String]? {
        switch node.value {
        case .sequence(let items):
            var values: [String] = []
            for item in items {
                guard let value = string(item, "each entry of \(what)") else { return nil }
                values.append(value)
            }
            return values
        case .scalar:
            return string(node, what).map { [$0] }
        case .mapping:
            report("invalid-value", "\(what) must be a list of strings, found a mapping", at: node)
            return nil
        }
    }
}

/// The allowed entries of one mapping, looked up by key.
struct Mapping {
    let node: SourceNode
    let entries: [SourceNode.Entry]

    subscript(key: String) -> SourceNode? {
        entries.first { $0.key == key }?.value
    }

    func entry(_ key: String) -> SourceNode.Entry? {
        entries.first { $0.key == key }
    }
}
