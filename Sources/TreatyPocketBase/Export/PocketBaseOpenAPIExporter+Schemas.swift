internal import TreatyCore
internal import TreatyJSON

extension PocketBaseOpenAPIExporter {
    /// The record schema of one collection: `collectionId`, `collectionName` and every field that
    /// is not hidden, each required (PocketBase answers every field, empty values included).
    func schema(of collection: PocketBaseCollection) -> JSONValue {
        var properties: [JSONObject.Member] = [
            .init(key: "collectionId", value: ["type": "string"]),
            .init(key: "collectionName", value: ["type": "string"]),
        ]
        for field in collection.fields where !field.hidden && field.type != .password {
            properties.append(.init(key: field.name, value: fieldSchema(field)))
        }
        return .object([
            "type": "object", "required": .array(properties.map { .string($0.key) }),
            "properties": .object(JSONObject(properties)),
        ])
    }

    private func fieldSchema(_ field: PocketBaseField) -> JSONValue {
        switch field.options {
        case .text(let options):
            var members: [JSONObject.Member] = [.init(key: "type", value: "string")]
            if options.min > 0 { members.append(.init(key: "minLength", value: .number(JSONNumber(options.min)))) }
            if options.max > 0 { members.append(.init(key: "maxLength", value: .number(JSONNumber(options.max)))) }
            return .object(JSONObject(members))
        case .number(let options):
            var members: [JSONObject.Member] = [.init(key: "type", value: options.onlyInt ? "integer" : "number")]
            if let min = options.min { members.append(.init(key: "minimum", value: .number(JSONNumber(min)))) }
            if let max = options.max { members.append(.init(key: "maximum", value: .number(JSONNumber(max)))) }
            return .object(JSONObject(members))
        case .bool: return ["type": "boolean"]
        case .email: return ["type": "string", "description": "An email address, or empty."]
        case .url: return ["type": "string", "description": "A URL, or empty."]
        case .date, .autodate: return ["type": "string", "description": "'YYYY-MM-DD HH:MM:SS.sssZ' (UTC), or empty."]
        case .select(let options):
            let values: JSONValue = .array(options.values.map(JSONValue.string))
            if options.maxSelect > 1 { return ["type": "array", "items": ["type": "string", "enum": values]] }
            return ["type": "string", "enum": .array(options.values.map(JSONValue.string) + [""])]
        case .json: return [:]
        case .file(let options):
            return options.maxSelect > 1 ? ["type": "array", "items": ["type": "string"]] : ["type": "string"]
        case .relation(let options):
            let target = collections.first { $0.id == options.collectionId }?.name ?? options.collectionId
            let description: JSONValue = .string("Ids of '\(target)' records.")
            return options.maxSelect == 1
                ? ["type": "string", "description": description]
                : ["type": "array", "items": ["type": "string"], "description": description]
        case .password: return ["type": "string"]
        case .editor: return ["type": "string"]
        case .geoPoint:
            return [
                "type": "object", "required": ["lon", "lat"],
                "properties": ["lon": ["type": "number"], "lat": ["type": "number"]],
            ]
        }
    }
}
