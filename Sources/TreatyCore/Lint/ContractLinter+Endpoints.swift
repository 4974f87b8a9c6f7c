import TreatyJSON

extension ContractLinter {
    func lintEndpoints(of contract: Contract, into findings: inout LintFindings) {
        var seen: [String: Endpoint] = [:]
        for endpoint in contract.endpoints {
            let key = "\(endpoint.method) \(endpoint.path.shape)"
            if let previous = seen[key] {
                findings.error(
                    "endpoint-collision",
                    "\(endpoint.signature) matches the same requests as \(previous.signature)\(previous.location.flatMap(\.line).map { " (line \($0))" } ?? "")",
                    at: endpoint.location, fix: "remove one, or make the paths differ by a literal segment")
            } else {
                seen[key] = endpoint
            }
            if endpoint.kind == .syncUpload {
                lintUpload(endpoint, in: contract, into: &findings)
                continue
            }
            guard let resource = contract.resource(named: endpoint.resource) else {
                findings.error(
                    "unknown-resource", "\(endpoint.signature) serves unknown resource '\(endpoint.resource)'",
                    at: endpoint.location,
                    suggestion: Suggestion.closest(to: endpoint.resource, among: contract.resources.map(\.name)),
                    fix: "declare it under 'resources', or fix 'resource:'")
                continue
            }
            lintParameters(of: endpoint, resource: resource, contract: contract, into: &findings)
            lintSync(of: endpoint, resource: resource, into: &findings)
            for name in endpoint.shapes.keys.sorted() where resource.field(named: name)?.relation == nil {
                findings.error(
                    "unknown-field", "\(endpoint.signature) overrides the shape of '\(name)', which is not a relation of '\(resource.name)'",
                    at: endpoint.location,
                    suggestion: Suggestion.closest(to: name, among: resource.fields.filter { $0.relation != nil }.map(\.name)),
                    fix: "name a relation of '\(resource.name)', or remove '\(name)' from 'shapes'")
            }
            for name in endpoint.writes ?? [] where resource.field(named: name) == nil {
                findings.error(
                    "unknown-field", "\(endpoint.signature) writes '\(name)', which is not a field of '\(resource.name)'",
                    at: endpoint.location, suggestion: Suggestion.closest(to: name, among: resource.fields.map(\.name)),
                    fix: "name a field of '\(resource.name)', or remove '\(name)' from 'writes'")
            }
        }
    }

    private func lintParameters(
        of endpoint: Endpoint,
        resource: Resource,
        contract: Contract,
        into findings: inout LintFindings
    ) {
        let chain = Self.scopeChain(of: resource, in: contract) ?? []
        var scopeKeys: [String] = []
        var current = resource
        for parent in chain {
            if let key = current.scope?.key { scopeKeys.append(key) }
            current = parent
        }
        let parameters = endpoint.path.parameters
        var known: [String] = []
        let derived = chain.map { ContractDecoder.derivedForeignKey(name: $0.name, many: false, naming: contract.naming) }
        for key in scopeKeys + [resource.identity.key] + derived where !known.contains(key) { known.append(key) }
        for parameter in parameters where !known.contains(parameter) {
            findings.error(
                "path-parameter",
                "path parameter '{\(parameter)}' of \(endpoint.signature) is neither the identity key '\(resource.identity.key)' nor a scope key of '\(resource.name)'",
                at: endpoint.location, suggestion: Suggestion.closest(to: parameter, among: known),
                fix: scopeKeys.isEmpty
                    ? "rename it '{\(resource.identity.key)}', or declare a 'scope' on '\(resource.name)'"
                    : "use one of: \(known.map { "{\($0)}" }.joined(separator: ", "))")
        }
        if endpoint.scoped, let scopeKey = resource.scope?.key, !parameters.contains(scopeKey) {
            findings.error(
                "path-parameter",
                "\(endpoint.signature) serves '\(resource.name)', which is scoped by '\(resource.scope?.parent ?? "")', but the path has no '{\(scopeKey)}'",
                at: endpoint.location,
                fix: "add '{\(scopeKey)}' to the path, or mark the endpoint 'scoped: false' if it is an unscoped alias")
        }
        let targetsOne = endpoint.method != "POST" && endpoint.returns != .list
        if targetsOne, !parameters.contains(resource.identity.key) {
            findings.error(
                "path-parameter", "\(endpoint.signature) addresses one '\(resource.name)' but has no '{\(resource.identity.key)}'",
                at: endpoint.location, fix: "add '{\(resource.identity.key)}' to the path, or set 'returns: list'")
        }
    }

    private func lintSync(of endpoint: Endpoint, resource: Resource, into findings: inout LintFindings) {
        guard !endpoint.since.isEmpty || !endpoint.sinceVersion.isEmpty else { return }
        if endpoint.returns != .list || endpoint.method != "GET" {
            findings.error(
                "sync-parameter", "\(endpoint.signature) declares incremental-sync parameters but is not a GET list",
                at: endpoint.location, fix: "move 'since'/'since_version' to the list endpoint")
        }
        if !endpoint.since.isEmpty, resource.sync.updatedAt == nil {
            findings.error(
                "sync-parameter", "\(endpoint.signature) filters on updated_at, but '\(resource.name)' has none",
                at: endpoint.location, fix: "declare 'sync: { updated_at: updated_at }'")
        }
        if !endpoint.sinceVersion.isEmpty, resource.sync.version == nil {
            findings.error(
                "sync-parameter", "\(endpoint.signature) filters on version, but '\(resource.name)' has none",
                at: endpoint.location, fix: "declare 'sync: { version: version }'")
        }
        if resource.sync.tombstone == nil {
            findings.warning(
                "sync-parameter",
                "\(endpoint.signature) serves incremental sync, but '\(resource.name)' has no tombstone key, so deletions never reach clients (RS-IN-2)",
                at: endpoint.location, fix: "declare 'sync: { tombstone: deleted_at }'")
        }
    }
}

/// Lint diagnostics being collected, with snippets from the contract text when known.
struct LintFindings {
    let sourceText: String?
    var diagnostics: [Diagnostic] = []

    mutating func error(
        _ rule: RuleID, _ message: String, at location: SourceLocation?, suggestion: String? = nil, fix: String? = nil
    ) {
        append(.error, rule, message, at: location, suggestion: suggestion, fix: fix)
    }

    mutating func warning(
        _ rule: RuleID, _ message: String, at location: SourceLocation?, suggestion: String? = nil, fix: String? = nil
    ) {
        append(.warning, rule, message, at: location, suggestion: suggestion, fix: fix)
    }

    private mutating func append(
        _ severity: Diagnostic.Severity,
        _ rule: RuleID,
        _ message: String,
        at location: SourceLocation?,
        suggestion: String?,
        fix: String?
    ) {
        var diagnostic = Diagnostic(
            severity: severity, rule: rule, message: message, location: location,
            details: suggestion.map { ["did you mean '\($0)'?"] } ?? [], fix: fix)
        if let text = sourceText, let line = location?.line, let column = location?.column {
            diagnostic.snippet = SourceSnippet.make(text: text[...], line: line, column: column)
        }
        diagnostics.append(diagnostic)
    }
}
