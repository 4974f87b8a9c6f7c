internal import TreatyCore
internal import TreatyJSON

extension RESTOpenAPIExporter {
    /// The operation of one records endpoint.
    func operation(_ endpoint: Endpoint, resource: Resource, contract: Contract) -> JSONValue {
        let reference: JSONValue = ["$ref": .string("#/components/schemas/\(Self.schemaName(resource.name))")]
        var members: [JSONObject.Member] = [
            .init(key: "operationId", value: .string(Self.operationID(endpoint))),
            .init(key: "tags", value: [.string(resource.name)]),
        ]
        var parameters: [JSONValue] = endpoint.path.parameters.map { name in
            .object([
                "name": .string(name), "in": "path", "required": true,
                "schema": .object(
                    Self.identitySchema(Self.parameterType(name, resource: resource, contract: contract))),
            ])
        }
        for name in endpoint.since {
            parameters.append(
                .object([
                    "name": .string(name), "in": "query", "required": false,
                    "schema": ["type": "string", "format": "date-time"],
                    "description": "Changes after this time, tombstones included (incremental sync).",
                ]))
        }
        for name in endpoint.sinceVersion {
            parameters.append(
                .object([
                    "name": .string(name), "in": "query", "required": false,
                    "schema": ["type": "integer", "minimum": 0],
                    "description": "Changes after this version, tombstones included (incremental sync).",
                ]))
        }
        if !parameters.isEmpty { members.append(.init(key: "parameters", value: .array(parameters))) }
        if endpoint.method == "POST" || endpoint.method == "PATCH" || endpoint.method == "PUT" {
            let request = endpoint.writes.map { writes(of: $0, resource: resource, contract: contract) } ?? reference
            members.append(
                .init(
                    key: "requestBody",
                    value: .object([
                        "required": true, "content": .object(["application/json": .object(["schema": request])]),
                    ])))
        }
        let body: JSONValue? =
            switch endpoint.returns {
            case .one: reference
            case .list: .object(["type": "array", "items": reference])
            case .none: nil
            }
        var responses: [JSONObject.Member] = [
            .init(
                key: String(endpoint.status),
                value: .object(
                    JSONObject(
                        [.init(key: "description", value: .string(Self.successDescription(endpoint)))]
                            + (body.map {
                                [.init(key: "content", value: .object(["application/json": .object(["schema": $0])]))]
                            } ?? []))))
        ]
        let error: JSONValue = .object([
            "description": "An error in the rest-sync error body.",
            "content": .object(["application/json": .object(["schema": ["$ref": "#/components/schemas/Error"]])]),
        ])
        responses.append(.init(key: "default", value: error))
        members.append(.init(key: "responses", value: .object(JSONObject(responses))))
        return .object(JSONObject(members))
    }

    /// The body of an endpoint that writes only some fields: the resource's schema narrowed to
    /// their keys.
    private func writes(of names: [String], resource: Resource, contract: Contract) -> JSONValue {
        let keys = names.compactMap { resource.field(named: $0)?.key() }
        guard case .object(let whole) = schema(of: resource, in: contract),
            case .object(let properties)? = whole["properties"]
        else { return ["type": "object"] }
        let kept = properties.members.filter { keys.contains($0.key) }
        return .object([
            "type": "object", "required": .array(kept.map { .string($0.key) }), "properties": .object(JSONObject(kept)),
        ])
    }

    /// A path parameter's type: the identity's, or the parent's identity for a scope key.
    private static func parameterType(_ name: String, resource: Resource, contract: Contract) -> IdentityType {
        if name == resource.identity.key { return resource.identity.type }
        var current = resource
        while let scope = current.scope, let parent = contract.resource(named: scope.parent) {
            if scope.key == name { return parent.identity.type }
            current = parent
        }
        return .string
    }

    /// `GET /projects/{project_id}/tasks` → `getProjectsProjectIdTasks`.
    static func operationID(_ endpoint: Endpoint) -> String {
        let words = endpoint.path.description.split { !$0.isLetter && !$0.isNumber }.flatMap {
            NamingConvention.words(of: String($0))
        }
        return endpoint.method.lowercased() + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func successDescription(_ endpoint: Endpoint) -> String {
        switch (endpoint.method, endpoint.returns) {
        case ("GET", .list): "Every live record of the scope, or the changes since the cursor."
        case ("GET", _): "The record."
        case ("POST", _): "The stored record."
        case ("DELETE", _): "Deleted; a tombstone stays for incremental sync."
        default: "The stored record."
        }
    }
}
