/// One personal-data rule of a contract's `redact:` section: what `treaty record` does with a
/// field's value before it writes a recorded record.
///
/// ```yaml
/// redact: { users.email: fake, users.phone: mask, tasks.notes: drop }
/// ```
public struct RedactionRule: Sendable, Hashable {
    /// The resource (collection, layout, record type) the rule applies to, e.g. `users`.
    public var resource: String
    /// The field's name or its key in a record, e.g. `email`.
    public var field: String
    /// What happens to the value.
    public var action: RedactionAction
    /// Where the rule is written, when it came from a file.
    public var location: SourceLocation?

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - resource: The resource the rule applies to.
    ///   - field: The field's name or key.
    ///   - action: What happens to the value.
    ///   - location: Where the rule is written.
    public init(resource: String, field: String, action: RedactionAction, location: SourceLocation? = nil) {
        self.resource = resource
        self.field = field
        self.action = action
        self.location = location
    }

    /// Parses `resource.field=action` as `treaty record --redact` takes it.
    ///
    /// - Parameter text: The rule, e.g. `users.email=fake`.
    /// - Returns: The rule, or `nil` when `text` is not of that form or the action is unknown.
    public init?(parsing text: String) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let action = RedactionAction(rawValue: parts[1]),
            let (resource, field) = Self.split(parts[0])
        else { return nil }
        self.init(resource: resource, field: field, action: action)
    }

    /// `users.email` as (`users`, `email`), or `nil` when either part is empty.
    static func split(_ path: String) -> (String, String)? {
        guard let dot = path.firstIndex(of: ".") else { return nil }
        let resource = String(path[..<dot])
        let field = String(path[path.index(after: dot)...])
        guard !resource.isEmpty, !field.isEmpty else { return nil }
        return (resource, field)
    }
}

/// What a ``RedactionRule`` does with a value.
public enum RedactionAction: String, Sendable, Hashable, CaseIterable {
    /// Leaves the key out of the recorded record.
    case drop
    /// Replaces every letter with `x` and every digit with `0`, keeping the rest (so a phone
    /// number keeps its punctuation and length).
    case mask
    /// Replaces the value with a deterministic fake of the same shape, keyed by a seed: the same
    /// input gives the same fake in every file, so relations and uniqueness survive.
    case fake
}
