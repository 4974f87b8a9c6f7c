internal import TreatyJSON

extension CloudKitOpenAPIExporter {
    /// The record schema of one record type: `recordName`, `recordType` (the type's name),
    /// `recordChangeTag` and its `fields`, each a `{value, type}` pair.
    func record(of recordType: CloudKitRecordType) -> JSONValue {
        let fields: [JSONObject.Member] = recordType.fieldOrder.compactMap { name in
            recordType.fields[name].map { .init(key: name, value: fieldValue($0.type)) }
        }
        return .object([
            "type": "object", "required": ["recordName"],
            "properties": .object([
                "recordName": ["type": "string"],
                "recordType": .object(["type": "string", "const": .string(recordType.name)]),
                "recordChangeTag": ["type": "string"], "created": ["type": "object"], "modified": ["type": "object"],
                "deleted": ["type": "boolean"],
                "fields": .object(["type": "object", "properties": .object(JSONObject(fields))]),
            ]),
        ])
    }

    private func fieldValue(_ type: CloudKitFieldType) -> JSONValue {
        let element = Self.value(of: type.element)
        let value: JSONValue = type.isList ? .object(["type": "array", "items": element]) : element
        return .object([
            "type": "object", "required": ["value"],
            "properties": .object([
                "value": value, "type": .object(["type": "string", "const": .string(type.rawValue)]),
            ]),
        ])
    }

    private static func value(of element: CloudKitFieldType) -> JSONValue {
        switch element {
        case .int64: ["type": "integer"]
        case .double: ["type": "number"]
        case .timestamp: ["type": "integer", "description": "Milliseconds since 1970."]
        case .bytes: ["type": "string", "contentEncoding": "base64"]
        case .reference:
            [
                "type": "object", "required": ["recordName"],
                "properties": [
                    "recordName": ["type": "string"], "action": ["type": "string"], "zoneID": ["type": "object"],
                ],
            ]
        case .asset:
            [
                "type": "object",
                "properties": [
                    "fileChecksum": ["type": "string"], "size": ["type": "integer"], "downloadURL": ["type": "string"],
                ],
            ]
        case .location:
            [
                "type": "object", "required": ["latitude", "longitude"],
                "properties": ["latitude": ["type": "number"], "longitude": ["type": "number"]],
            ]
        default: ["type": "string"]
        }
    }
}
