import TreatyJSON

extension ContractLinter {
    /// Checks the `redact:` rules against the declared resources: the resource exists, the field
    /// is one of its fields (by name or key), and no rule touches the identity key, which
    /// relations point to. A contract whose resources its dialect derives elsewhere (no
    /// `resources:`) is checked by `treaty record` against the dialect's resources.
    func lintRedactions(of contract: Contract, into findings: inout LintFindings) {
        guard !contract.resources.isEmpty else { return }
        let names = contract.resources.map(\.name)
        for rule in contract.redactions {
            guard let resource = contract.resource(named: rule.resource) else {
                findings.error(
                    "unknown-resource", "'redact' names unknown resource '\(rule.resource)'", at: rule.location,
                    suggestion: Suggestion.closest(to: rule.resource, among: names),
                    fix: "name a resource declared under 'resources'")
                continue
            }
            if rule.field == resource.identity.key {
                findings.error(
                    "invalid-value", "'redact' changes '\(rule.resource).\(rule.field)', the identity key", at: rule.location,
                    fix: "remove the rule: relations point to the identity, so it must stay as recorded")
                continue
            }
            let keys = resource.fields.flatMap { [$0.name, $0.key()] }
            guard !keys.contains(rule.field) else { continue }
            findings.error(
                "unknown-field", "'redact' names unknown field '\(rule.field)' of '\(rule.resource)'", at: rule.location,
                suggestion: Suggestion.closest(to: rule.field, among: keys),
                fix: "name a field of '\(rule.resource)', or its key")
        }
    }
}
