extension ContractDecoder {
    /// Decodes `redact: { users.email: fake, … }`: each key a `resource.field` path, each value
    /// an action.
    mutating func decodeRedactions(_ node: SourceNode) -> [RedactionRule] {
        guard case .mapping(let entries) = node.value else {
            context.report(
                "invalid-value", "'redact' must be a mapping of resource.field to drop, mask or fake, found \(node.kindDescription)",
                at: node, fix: "write e.g. 'redact: { users.email: fake }'")
            return []
        }
        var rules: [RedactionRule] = []
        for entry in entries {
            guard let (resource, field) = RedactionRule.split(entry.key) else {
                context.report(
                    "invalid-value", "'\(entry.key)' in 'redact' is not a resource.field path", line: entry.keyLine,
                    column: entry.keyColumn, fix: "write the resource and the field with a dot, e.g. 'users.email'")
                continue
            }
            guard let action = context.choice(entry.value, "the redaction of '\(entry.key)'", as: RedactionAction.self)
            else { continue }
            rules.append(
                RedactionRule(
                    resource: resource, field: field, action: action,
                    location: SourceLocation(file: context.file, line: entry.keyLine, column: entry.keyColumn)))
        }
        return rules
    }
}
