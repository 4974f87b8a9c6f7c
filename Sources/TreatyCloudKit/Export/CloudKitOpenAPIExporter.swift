internal import TreatyCore
internal import TreatyJSON

/// Writes a CloudKit contract's record types as CloudKit Web Services, as an OpenAPI 3.1
/// document: `records/query`, `records/modify` and `records/lookup` under
/// `/database/1/{container}/{environment}/{database}/`, with one record schema per record type
/// (its `fields` as typed `{value, type}` pairs) and CloudKit's error body.
struct CloudKitOpenAPIExporter {
    let api: String
    let schema: CloudKitSchema

    /// The document.
    func document() -> JSONValue {
        let names = schema.recordTypes.keys.sorted()
        var schemas: [JSONObject.Member] = names.compactMap { name in
            schema.recordTypes[name].map { .init(key: Self.schemaName(name), value: record(of: $0)) }
        }
        let anyRecord: JSONValue = .object([
            "anyOf": .array(names.map { .object(["$ref": .string("#/components/schemas/\(Self.schemaName($0))")]) })
        ])
        schemas.append(
            .init(
                key: "Records",
                value: .object([
                    "type": "object", "required": ["records"],
                    "properties": .object(["records": .object(["type": "array", "items": anyRecord])]),
                ])))
        schemas.append(.init(key: "Error", value: Self.errorSchema))
        let base = "/database/1/\(PercentEncoding.component(schema.container))/{environment}/{database}/records"
        let paths: [JSONObject.Member] = [
            .init(
                key: base + "/query",
                value: .object(["post": operation("queryRecords", "The records that match.", Self.queryBody)])),
            .init(
                key: base + "/modify",
                value: .object([
                    "post": operation(
                        "modifyRecords", "The saved or deleted records, or per-record errors.", modifyBody(anyRecord))
                ])),
            .init(
                key: base + "/lookup",
                value: .object([
                    "post": operation("lookupRecords", "The records by name, or per-record errors.", Self.lookupBody)
                ])),
        ]
        return .object([
            "openapi": "3.1.0",
            "info": .object([
                "title": .string(api), "version": "1.0.0",
                "description": .string(
                    "The \(api) API as Treaty's cloudkit dialect serves it (CloudKit Web Services records)."),
            ]),
            "paths": .object(JSONObject(paths)),
            "components": .object(["schemas": .object(JSONObject(schemas))]),
        ])
    }

    static func schemaName(_ recordType: String) -> String {
        let cleaned = String(
            recordType.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            })
        return (cleaned.isEmpty ? "Record" : cleaned) + "Record"
    }

    private func operation(_ id: String, _ description: String, _ body: JSONValue) -> JSONValue {
        .object([
            "operationId": .string(id),
            "parameters": [
                [
                    "name": "environment", "in": "path", "required": true,
                    "schema": ["type": "string", "enum": ["development", "production"]],
                ],
                [
                    "name": "database", "in": "path", "required": true,
                    "schema": ["type": "string", "enum": ["public", "private", "shared"]],
                ],
                ["name": "ckAPIToken", "in": "query", "required": false, "schema": ["type": "string"]],
                ["name": "ckWebAuthToken", "in": "query", "required": false, "schema": ["type": "string"]],
            ],
            "requestBody": .object([
                "required": true, "content": .object(["application/json": .object(["schema": body])]),
            ]),
            "responses": .object([
                "200": .object([
                    "description": .string(description),
                    "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Records"]]],
                ]),
                "default": [
                    "description": "A CloudKit error body.",
                    "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]],
                ],
            ]),
        ])
    }

    static let queryBody: JSONValue = [
        "type": "object", "required": ["query"],
        "properties": [
            "query": [
                "type": "object", "required": ["recordType"],
                "properties": [
                    "recordType": ["type": "string"], "filterBy": ["type": "array", "items": ["type": "object"]],
                    "sortBy": ["type": "array", "items": ["type": "object"]],
                ],
            ],
            "resultsLimit": ["type": "integer", "minimum": 1],
            "desiredKeys": ["type": "array", "items": ["type": "string"]],
            "zoneID": ["type": "object"], "continuationMarker": ["type": "string"],
        ],
    ]

    private func modifyBody(_ anyRecord: JSONValue) -> JSONValue {
        .object([
            "type": "object", "required": ["operations"],
            "properties": .object([
                "operations": .object([
                    "type": "array",
                    "items": .object([
                        "type": "object", "required": ["operationType", "record"],
                        "properties": .object([
                            "operationType": [
                                "type": "string",
                                "enum": [
                                    "create", "update", "forceUpdate", "replace", "forceReplace", "delete",
                                    "forceDelete",
                                ],
                            ],
                            "record": anyRecord,
                        ]),
                    ]),
                ]),
                "atomic": ["type": "boolean"], "zoneID": ["type": "object"],
            ]),
        ])
    }

    static let lookupBody: JSONValue = [
        "type": "object", "required": ["records"],
        "properties": [
            "records": [
                "type": "array",
                "items": [
                    "type": "object", "required": ["recordName"], "properties": ["recordName": ["type": "string"]],
                ],
            ],
            "desiredKeys": ["type": "array", "items": ["type": "string"]], "zoneID": ["type": "object"],
        ],
    ]

    static let errorSchema: JSONValue = [
        "type": "object", "required": ["serverErrorCode"],
        "properties": [
            "uuid": ["type": "string"], "serverErrorCode": ["type": "string"], "reason": ["type": "string"],
        ],
    ]
}
