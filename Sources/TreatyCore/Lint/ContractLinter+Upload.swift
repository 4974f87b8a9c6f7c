import TreatyJSON

extension ContractLinter {
    /// A `kind: sync_upload` endpoint: a `POST` without path parameters, narrowed at most to a
    /// known resource, and without the options of record endpoints. (Which dialects serve it
    /// is the loader's check, from ``ContractVocabulary/Dialect/endpointKinds``.)
    func lintUpload(_ endpoint: Endpoint, in contract: Contract, into findings: inout LintFindings) {
        if endpoint.method != "POST" {
            findings.error(
                "sync-upload", "\(endpoint.signature) is a sync upload, which clients send with POST",
                at: endpoint.location, fix: "use 'method: POST'")
        }
        if let parameter = endpoint.path.parameters.first {
            findings.error(
                "sync-upload",
                "path parameter '{\(parameter)}' of \(endpoint.signature) names nothing: each upload operation carries its type, id and parent key",
                at: endpoint.location, fix: "use a path without parameters, e.g. /sync/upload")
        }
        if !endpoint.resource.isEmpty, contract.resource(named: endpoint.resource) == nil {
            findings.error(
                "unknown-resource", "\(endpoint.signature) accepts unknown resource '\(endpoint.resource)'",
                at: endpoint.location,
                suggestion: Suggestion.closest(to: endpoint.resource, among: contract.resources.map(\.name)),
                fix: "declare it under 'resources', fix 'resource:', or remove it to accept every resource")
        }
        let unused = [
            endpoint.since.isEmpty ? nil : "since", endpoint.sinceVersion.isEmpty ? nil : "since_version",
            endpoint.writes == nil ? nil : "writes", endpoint.shapes.isEmpty ? nil : "shapes",
        ].compactMap { $0 }
        if !unused.isEmpty {
            findings.warning(
                "sync-upload",
                "\(endpoint.signature) is a sync upload; it ignores \(unused.map { "'\($0)'" }.joined(separator: ", "))",
                at: endpoint.location, fix: "remove \(unused.count == 1 ? "it" : "them")")
        }
    }
}
