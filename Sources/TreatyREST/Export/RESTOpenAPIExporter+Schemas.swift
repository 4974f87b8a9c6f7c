internal import TreatyCore
internal import TreatyJSON

extension RESTOpenAPIExporter {
    /// The component schema of one resource.
    func schema(of resource: Resource, in contract: Contract) -> JSONValue {
        var properties: [JSONObject.Member] = []
        var required: [JSONValue] = []
        func add(_ key: String, _ schema: JSONObject, always: Bool) {
            guard !properties.contains(where: { $0.key == key }) else { return }
            properties.append(.init(key: key, value: .object(schema)))
            if always { required.append(.string(key)) }
        }
        var identity = Self.identitySchema(resource.identity.type)
        if resource.create == .server {
            identity = JSONObject(identity.members + [.init(key: "readOnly", value: true)])
        }
        add(resource.identity.key, identity, always: true)
        if let scope = resource.scope {
            let parentType = contract.resource(named: scope.parent)?.identity.type ?? .string
            add(scope.key, Self.identitySchema(parentType), always: true)
        }
        let sync = resource.sync
        for key in [sync.createdAt, sync.updatedAt].compactMap({ $0 }) {
            add(key, ["type": "string", "format": "date-time"], always: true)
        }
        if let version = sync.version { add(version, ["type": "integer", "minimum": 0], always: true) }
        if let tombstone = sync.tombstone {
            add(tombstone, ["type": ["string", "null"], "format": "date-time"], always: true)
        }
        for field in resource.fields {
            let always = field.emit == .always
            if let relation = field.relation {
                let targetType = contract.resource(named: relation.target)?.identity.type ?? .string
                // OpenAPI cannot say which resource an id names: the extensions carry it.
                let origin: [JSONObject.Member] = [
                    .init(key: "x-treaty-to", value: .string(relation.target)),
                    .init(key: "x-treaty-relation", value: .string(field.name)),
                ]
                switch (relation.shape, relation.many) {
                case (.foreignKey, false):
                    let id = Self.nullable(Self.identitySchema(targetType), field.nullable)
                    add(relation.foreignKey, JSONObject(id.members + origin), always: always)
                case (.foreignKey, true):
                    let ids: JSONObject = [
                        "type": "array", "uniqueItems": true, "items": .object(Self.identitySchema(targetType)),
                    ]
                    add(relation.foreignKey, JSONObject(ids.members + origin), always: always)
                case (.nested, false):
                    let reference: JSONObject = [
                        "$ref": .string("#/components/schemas/\(Self.schemaName(relation.target))")
                    ]
                    add(
                        relation.nestedKey,
                        field.nullable ? ["anyOf": [.object(reference), ["type": "null"]]] : reference, always: always)
                case (.nested, true):
                    add(
                        relation.nestedKey,
                        [
                            "type": "array",
                            "items": ["$ref": .string("#/components/schemas/\(Self.schemaName(relation.target))")],
                        ], always: always)
                }
                continue
            }
            guard case .attribute(let type, let key) = field.kind else { continue }
            add(key, Self.nullable(Self.attributeSchema(type, field.constraints), field.nullable), always: always)
        }
        return .object([
            "type": "object", "required": .array(required), "properties": .object(JSONObject(properties)),
        ])
    }

    static func identitySchema(_ type: IdentityType) -> JSONObject {
        switch type {
        case .uuid: ["type": "string", "format": "uuid"]
        case .string: ["type": "string", "minLength": 1]
        case .int: ["type": "integer"]
        }
    }

    static func attributeSchema(_ type: FieldType, _ constraints: Constraints) -> JSONObject {
        var members: [JSONObject.Member]
        switch type {
        case .string: members = [.init(key: "type", value: "string")]
        case .int: members = [.init(key: "type", value: "integer")]
        case .number: members = [.init(key: "type", value: "number")]
        case .bool: members = [.init(key: "type", value: "boolean")]
        case .datetime: members = [.init(key: "type", value: "string"), .init(key: "format", value: "date-time")]
        case .date: members = [.init(key: "type", value: "string"), .init(key: "format", value: "date")]
        case .uuid: members = [.init(key: "type", value: "string"), .init(key: "format", value: "uuid")]
        case .json: members = []
        case .stringList:
            members = [.init(key: "type", value: "array"), .init(key: "items", value: ["type": "string"])]
        }
        if let allowed = constraints.allowed {
            members.append(.init(key: "enum", value: .array(allowed.map(JSONValue.string))))
        }
        if let minLength = constraints.minLength {
            members.append(.init(key: "minLength", value: .number(JSONNumber(minLength))))
        }
        if let maxLength = constraints.maxLength {
            members.append(.init(key: "maxLength", value: .number(JSONNumber(maxLength))))
        }
        if let minimum = constraints.minimum { members.append(.init(key: "minimum", value: number(minimum))) }
        if let maximum = constraints.maximum { members.append(.init(key: "maximum", value: number(maximum))) }
        return JSONObject(members)
    }

    /// `schema` that also allows `null` when `nullable` (a type list with `"null"`).
    static func nullable(_ schema: JSONObject, _ nullable: Bool) -> JSONObject {
        guard nullable else { return schema }
        guard let type = schema["type"]?.stringValue else {
            return schema.isEmpty ? schema : ["anyOf": [.object(schema), ["type": "null"]]]
        }
        var members = schema.members
        if let index = members.firstIndex(where: { $0.key == "type" }) {
            members[index].value = [.string(type), "null"]
        }
        if let index = members.firstIndex(where: { $0.key == "enum" }), case .array(var values) = members[index].value {
            values.append(.null)
            members[index].value = .array(values)
        }
        return JSONObject(members)
    }

    static func number(_ value: Double) -> JSONValue {
        value.rounded() == value && abs(value) < 1e15 ? .number(JSONNumber(Int(value))) : .number(JSONNumber(value))
    }
}
