import TreatyJSON

/// Collects diagnostics while decoding a ``SourceNode`` tree, and reads typed values out of it.
///
/// Every reader reports a located diagnostic and returns `nil` on a bad value, so decoding
/// keeps going and one run reports every problem in a file. Dialect modules decode their own
/// contract sections (``Contract/sections``) with it, so their mistakes read like the core's.
public struct DecodingContext {
    /// The file decoded, as diagnostics name it.
    public let file: String
    /// The file's text, for caret snippets.
    public let text: String
    /// What decoding found so far.
    public var diagnostics: [Diagnostic] = []

    /// Creates a context for `file`, whose text is `text`.
    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Where `node` starts.
    public func location(of node: SourceNode) -> SourceLocation {
        SourceLocation(file: file, line: node.line, column: node.column)
    }

    /// Records a diagnostic at `line`:`column`, with a caret snippet.
    public mutating func report(
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

    /// Records a diagnostic at `node`.
    public mutating func report(
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
    public mutating func mapping(
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

    /// A string scalar (not null), or `nil` after a diagnostic.
    public mutating func string(_ node: SourceNode, _ what: String) -> String? {
        guard case .scalar(let text, let isPlain) = node.value, !(isPlain && YAMLScalar.isNull(text)) else {
            report("invalid-value", "\(what) must be a string, found \(node.kindDescription)", at: node)
            return nil
        }
        return text
    }

    /// `true` or `false`, or `nil` after a diagnostic.
    public mutating func bool(_ node: SourceNode, _ what: String) -> Bool? {
        guard case .scalar(let text, true) = node.value, let value = YAMLScalar.bool(text) else {
            report(
                "invalid-value", "\(what) must be true or false, found \(node.kindDescription)", at: node)
            return nil
        }
        return value
    }

    /// An integer, or `nil` after a diagnostic.
    public mutating func int(_ node: SourceNode, _ what: String) -> Int? {
        guard case .scalar(let text, true) = node.value, let value = Int(text) else {
            report("invalid-value", "\(what) must be an integer, found \(node.kindDescription)", at: node)
            return nil
        }
        return value
    }

    /// A finite number, or `nil` after a diagnostic.
    public mutating func number(_ node: SourceNode, _ what: String) -> Double? {
        guard case .scalar(let text, true) = node.value, let value = Double(text), value.isFinite else {
            report("invalid-value", "\(what) must be a number, found \(node.kindDescription)", at: node)
            return nil
        }
        return value
    }

    /// One of an enumeration's raw values, or `nil` after a diagnostic with a suggestion.
    public mutating func choice<Value: RawRepresentable & CaseIterable>(
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
    public mutating func strings(_ node: SourceNode, _ what: String) -> [String]? {
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
public struct Mapping {
    /// The mapping node.
    public let node: SourceNode
    /// Its entries whose keys are allowed, in file order.
    public let entries: [SourceNode.Entry]

    /// The value under `key`, or `nil` when absent.
    public subscript(key: String) -> SourceNode? {
        entries.first { $0.key == key }?.value
    }

    /// The entry of `key` (with the key's position), or `nil` when absent.
    public func entry(_ key: String) -> SourceNode.Entry? {
        entries.first { $0.key == key }
    }
}
