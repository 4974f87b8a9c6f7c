import TreatyJSON

extension ContractDecoder {
    static let endpointKeys = [
        "method", "path", "resource", "returns", "status", "since", "since_version", "scoped", "shapes", "writes",
        "kind",
    ]
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    mutating func decodeEndpoints(_ node: SourceNode, resources: [Resource]) -> [Endpoint] {
        guard case .sequence(let items) = node.value else {
            context.report(
                "invalid-value", "'endpoints' must be a list, found \(node.kindDescription)", at: node,
                fix: "write each endpoint as '- GET /path' or '- { method: GET, path: /path, resource: name }'")
            return []
        }
        var endpoints: [Endpoint] = []
        for item in items {
            if let endpoint = decodeEndpoint(item, resources: resources) { endpoints.append(endpoint) }
        }
        return endpoints
    }

    private mutating func decodeEndpoint(_ node: SourceNode, resources: [Resource]) -> Endpoint? {
        var methodNode = node
        var pathNode = node
        var mapping: Mapping?
        var method: String?
        var pathText: String?
        if case .scalar(let text, _) = node.value {
            let parts = text.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2 else {
                context.report(
                    "invalid-value", "endpoint '\(text)' must be 'METHOD /path'", at: node,
                    fix: "write e.g. 'GET /projects/{project_id}/tasks'")
                return nil
            }
            method = String(parts[0])
            pathText = String(parts[1])
        } else {
            guard let entries = context.mapping(node, allowed: Self.endpointKeys, in: "an endpoint") else { return nil }
            mapping = entries
            method = requiredString(entries, "method", in: "the endpoint", fix: "add 'method: GET'")
            pathText = requiredString(entries, "path", in: "the endpoint", fix: "add 'path: /…'")
            methodNode = entries["method"] ?? node
            pathNode = entries["path"] ?? node
        }
        guard let method, let pathText else { return nil }
        guard Self.methods.contains(method) else {
            context.report(
                "invalid-value", "unknown HTTP method '\(method)'", at: methodNode,
                details: Suggestion.closest(to: method, among: Self.methods).map { ["did you mean '\($0)'?"] } ?? [],
                fix: "use one of: \(Self.methods.joined(separator: ", ")) (upper-case)")
            return nil
        }
        guard let path = PathTemplate(pathText) else {
            context.report(
                "invalid-path", "path '\(pathText)' is not a valid template", at: pathNode,
                fix: "start with '/', no empty segments, parameters as whole segments like '{id}'")
            return nil
        }
        var kind = Endpoint.Kind.records
        if let kindNode = mapping?["kind"] {
            guard let value = context.choice(kindNode, "'kind'", as: Endpoint.Kind.self) else { return nil }
            kind = value
        }
        let resourceName: String
        if kind == .syncUpload {
            // An upload names its resources per operation; `resource:` only narrows them to one.
            if let resourceNode = mapping?["resource"] {
                guard let name = context.string(resourceNode, "'resource'") else { return nil }
                resourceName = name
            } else {
                resourceName = ""
            }
        } else {
            guard let name = endpointResource(mapping, path: path, node: node, resources: resources) else { return nil }
            resourceName = name
        }
        var endpoint = Endpoint(
            method: method, path: path, resource: resourceName,
            returns: Self.defaultCardinality(method: method, path: path),
            status: kind == .syncUpload ? 200 : Self.defaultStatus(method: method), kind: kind,
            location: SourceLocation(file: context.file, line: node.line, column: node.column))
        guard let mapping else { return endpoint }
        if let node = mapping["returns"], let value = context.choice(node, "returns", as: Endpoint.Cardinality.self) {
            endpoint.returns = value
            if mapping["status"] == nil, value == .none, method != "DELETE" { endpoint.status = 204 }
        }
        if let node = mapping["status"], let status = context.int(node, "'status'") {
            if (100...599).contains(status) {
                endpoint.status = status
            } else {
                context.report("invalid-value", "'status' \(status) is not an HTTP status", at: node)
            }
        }
        if let node = mapping["since"], let names = context.strings(node, "'since'") { endpoint.since = names }
        if let node = mapping["since_version"], let names = context.strings(node, "'since_version'") {
            endpoint.sinceVersion = names
        }
        if let node = mapping["scoped"], let value = context.bool(node, "'scoped'") { endpoint.scoped = value }
        if let node = mapping["writes"] { endpoint.writes = context.strings(node, "'writes'") }
        if let node = mapping["shapes"], case .mapping(let entries) = node.value {
            for entry in entries {
                if let shape = context.choice(entry.value, "shape", as: RelationShape.self) {
                    endpoint.shapes[entry.key] = shape
                }
            }
        } else if let node = mapping["shapes"] {
            context.report("invalid-value", "'shapes' must map relation names to fk or nested", at: node)
        }
        return endpoint
    }

    /// The resource named by `resource:`, or else the one whose plural is the path's last literal
    /// segment (`/projects/{project_id}/tasks/{id}` → `task`).
    private mutating func endpointResource(
        _ mapping: Mapping?,
        path: PathTemplate,
        node: SourceNode,
        resources: [Resource]
    ) -> String? {
        if let resourceNode = mapping?["resource"] { return context.string(resourceNode, "'resource'") }
        let literals = path.segments.compactMap { segment -> String? in
            if case .literal(let text) = segment { return text }
            return nil
        }
        for literal in literals.reversed() {
            let singular = Inflection.singular(literal)
            if let match = resources.first(where: { $0.name == singular || $0.name == literal }) { return match.name }
        }
        context.report(
            "missing-key", "cannot tell which resource '\(path)' serves", at: node,
            fix: "add 'resource: <name>' to the endpoint")
        return nil
    }

    static func defaultCardinality(method: String, path: PathTemplate) -> Endpoint.Cardinality {
        switch method {
        case "DELETE": return .none
        case "GET":
            if case .parameter = path.segments.last { return .one }
            return .list
        default: return .one
        }
    }

    static func defaultStatus(method: String) -> Int {
        switch method {
        case "POST": 201
        case "DELETE": 204
        default: 200
        }
    }
}
