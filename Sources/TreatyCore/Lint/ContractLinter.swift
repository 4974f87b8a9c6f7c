import TreatyJSON

/// Checks that a loaded contract is consistent with itself.
///
/// The checks: relation and scope targets exist; keys follow the naming convention and the
/// relation key forms (`<relation>_id`, `<relation>_ids`); no two fields travel under one key;
/// the order field is a declared integer; endpoints name known resources, their path parameters
/// are scope keys or the identity key, and no two endpoints collide; incremental-sync
/// parameters sit on list endpoints of resources that carry the metadata they filter on; no
/// stub route shadows an endpoint or hides behind an earlier route.
public struct ContractLinter: Sendable {
    /// Creates a linter.
    public init() {}

    /// The findings for `contract`; `sourceText` (the contract file's text) adds snippets.
    public func lint(_ contract: Contract, sourceText: String? = nil) -> [Diagnostic] {
        var findings = LintFindings(sourceText: sourceText)
        for resource in contract.resources {
            lintReferences(of: resource, in: contract, into: &findings)
            lintKeys(of: resource, naming: contract.naming, into: &findings)
            lintFieldRules(of: resource, into: &findings)
        }
        lintEndpoints(of: contract, into: &findings)
        lintRedactions(of: contract, into: &findings)
        lintRoutes(of: contract, into: &findings)
        return findings.diagnostics
    }

    private func lintReferences(of resource: Resource, in contract: Contract, into findings: inout LintFindings) {
        let names = contract.resources.map(\.name)
        if let scope = resource.scope {
            if scope.parent == resource.name {
                findings.error(
                    "scope-cycle", "resource '\(resource.name)' is scoped by itself", at: resource.location,
                    fix: "name the parent resource in 'scope'")
            } else if contract.resource(named: scope.parent) == nil {
                findings.error(
                    "unknown-resource", "resource '\(resource.name)' is scoped by unknown resource '\(scope.parent)'",
                    at: resource.location, suggestion: Suggestion.closest(to: scope.parent, among: names),
                    fix: "declare '\(scope.parent)' under 'resources', or fix the name")
            } else if Self.scopeChain(of: resource, in: contract) == nil {
                findings.error(
                    "scope-cycle", "the scopes of resource '\(resource.name)' form a cycle", at: resource.location,
                    fix: "parent scopes must end at a resource without a scope")
            }
        }
        for field in resource.fields {
            guard let relation = field.relation, contract.resource(named: relation.target) == nil else { continue }
            findings.error(
                "unknown-resource", "relation '\(field.name)' of '\(resource.name)' points to unknown resource '\(relation.target)'",
                at: field.location, suggestion: Suggestion.closest(to: relation.target, among: names),
                fix: "declare '\(relation.target)' under 'resources', or fix 'to:'")
        }
    }

    private func lintKeys(of resource: Resource, naming: NamingConvention, into findings: inout LintFindings) {
        var owners: [String: String] = [:]
        /// Claims `key` for `owner`; `preferred` is the rename to suggest instead of the converted key.
        func claim(_ key: String, by owner: String, at location: SourceLocation?, preferred: String? = nil) {
            if let previous = owners[key] {
                findings.error(
                    "duplicate-key", "\(owner) of '\(resource.name)' travels under key '\(key)', like \(previous)",
                    at: location ?? resource.location, fix: "give one of them another key")
            } else {
                owners[key] = owner
            }
            if !naming.accepts(key) {
                findings.error(
                    "key-naming", "key '\(key)' (\(owner) of '\(resource.name)') is not \(naming.rawValue)",
                    at: location ?? resource.location, fix: "rename it '\(preferred ?? naming.convert(key))'")
            }
        }
        claim(resource.identity.key, by: "the identity", at: resource.location)
        if let scope = resource.scope { claim(scope.key, by: "the scope key", at: resource.location) }
        let sync = resource.sync
        for (key, role) in [(sync.createdAt, "created_at"), (sync.updatedAt, "updated_at"), (sync.version, "version"),
            (sync.tombstone, "tombstone")]
        {
            if let key { claim(key, by: "sync metadata '\(role)'", at: resource.location) }
        }
        for field in resource.fields {
            guard let relation = field.relation else {
                claim(field.key(in: .foreignKey), by: "field '\(field.name)'", at: field.location)
                continue
            }
            let suffixes = relation.many ? (naming == .camelCase ? ["Ids"] : ["_ids"]) : (naming == .camelCase ? ["Id"] : ["_id"])
            let hasKeyForm = naming == .any || suffixes.contains(where: relation.foreignKey.hasSuffix)
            let expected = ContractDecoder.derivedForeignKey(name: field.name, many: relation.many, naming: naming)
            // A key that breaks the relation key form gets the same rename from both rules.
            claim(
                field.key(in: .foreignKey), by: "field '\(field.name)'", at: field.location,
                preferred: hasKeyForm ? nil : expected)
            if relation.shape == .nested { claim(relation.nestedKey, by: "nested field '\(field.name)'", at: field.location) }
            if !hasKeyForm {
                findings.error(
                    "relation-key-form",
                    "\(relation.many ? "to-many" : "to-one") relation '\(field.name)' of '\(resource.name)' has key '\(relation.foreignKey)', which does not end in '\(suffixes[0])'",
                    at: field.location, fix: "use '\(expected)' (RS-NM-2)")
            }
        }
        for key in resource.internalKeys where owners[key] != nil {
            findings.warning(
                "internal-key", "key '\(key)' of '\(resource.name)' is declared but also listed as an internal key",
                at: resource.location, fix: "remove it from 'internal_keys' if it is part of the API")
        }
    }

    private func lintFieldRules(of resource: Resource, into findings: inout LintFindings) {
        if let orderKey = resource.orderKey {
            let field = resource.fields.first { $0.key() == orderKey }
            if case .attribute(.int, _)? = field?.kind {
            } else {
                findings.error(
                    "order-field", "order field '\(orderKey)' of '\(resource.name)' is not a declared int field",
                    at: field?.location ?? resource.location, fix: "declare '\(orderKey): { type: int }' (RS-OR-1)")
            }
        }
        for field in resource.fields {
            guard case .attribute(let type, _) = field.kind else { continue }
            let constraints = field.constraints
            let isText = type == .string
            let isNumeric = type == .int || type == .number
            if constraints.allowed != nil, !isText {
                findings.error(
                    "constraint-type", "'enum' on field '\(field.name)' needs type string", at: field.location,
                    fix: "use 'type: string', or remove 'enum'")
            }
            if constraints.minLength != nil || constraints.maxLength != nil || constraints.trim, !isText {
                findings.error(
                    "constraint-type", "length rules on field '\(field.name)' need type string", at: field.location,
                    fix: "use 'type: string', or remove 'min_length', 'max_length' and 'trim'")
            }
            if constraints.minimum != nil || constraints.maximum != nil, !isNumeric {
                findings.error(
                    "constraint-type", "'minimum'/'maximum' on field '\(field.name)' need type int or number",
                    at: field.location, fix: "use 'type: int' or 'type: number', or remove 'minimum' and 'maximum'")
            }
        }
    }

    /// The resource's ancestors, nearest first, or `nil` on a cycle or a missing parent.
    static func scopeChain(of resource: Resource, in contract: Contract) -> [Resource]? {
        var chain: [Resource] = []
        var current = resource
        while let scope = current.scope {
            guard let parent = contract.resource(named: scope.parent), !chain.contains(where: { $0.name == parent.name }),
                parent.name != resource.name
            else { return nil }
            chain.append(parent)
            current = parent
        }
        return chain
    }
}
