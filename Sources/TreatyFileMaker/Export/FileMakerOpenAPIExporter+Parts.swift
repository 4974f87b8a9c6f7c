internal import TreatyCore
internal import TreatyJSON

extension FileMakerOpenAPIExporter {
    /// The `fieldData` of a layout's records.
    func fieldData(of layout: FileMakerLayout) -> JSONValue {
        var properties: [JSONObject.Member] = []
        for field in layout.fields {
            var members: [JSONObject.Member] = [
                .init(key: "type", value: field.result == .number ? ["number", "string"] : "string")
            ]
            if field.result == .number {
                members.append(.init(key: "description", value: "A number, or \"\" when empty."))
            }
            if field.kind != .normal { members.append(.init(key: "readOnly", value: true)) }
            properties.append(.init(key: field.name, value: .object(JSONObject(members))))
        }
        return .object(["type": "object", "properties": .object(JSONObject(properties))])
    }

    func record(_ name: String) -> JSONValue {
        .object([
            "type": "object", "required": ["fieldData", "recordId", "modId"],
            "properties": .object([
                "fieldData": .object(["$ref": .string("#/components/schemas/\(name)FieldData")]),
                "portalData": ["type": "object"], "recordId": ["type": "string"], "modId": ["type": "string"],
            ]),
        ])
    }

    func operation(_ id: String, _ description: String, data name: String?, parameters: [JSONValue]) -> JSONValue {
        var response: JSONObject = [:]
        if let name {
            response = [
                "dataInfo": ["type": "object"],
                "data": .object([
                    "type": "array", "items": .object(["$ref": .string("#/components/schemas/\(name)Record")]),
                ]),
            ]
        }
        return .object([
            "operationId": .string(id), "parameters": .array(parameters),
            "responses": .object(["200": Self.envelope(description, response), "default": Self.failure]),
        ])
    }

    func write(_ id: String, _ name: String, reply: JSONObject, parameters: [JSONValue] = []) -> JSONValue {
        .object([
            "operationId": .string(id), "parameters": .array(parameters),
            "requestBody": .object([
                "required": true,
                "content": .object([
                    "application/json": .object([
                        "schema": .object([
                            "type": "object",
                            "properties": .object([
                                "fieldData": .object(["$ref": .string("#/components/schemas/\(name)FieldData")]),
                                "portalData": ["type": "object"], "modId": ["type": "string"],
                            ]),
                        ])
                    ])
                ]),
            ]),
            "responses": .object(["200": Self.envelope("Written.", reply), "default": Self.failure]),
        ])
    }

    func find(_ id: String, _ name: String) -> JSONValue {
        .object([
            "operationId": .string(id),
            "requestBody": .object([
                "required": true,
                "content": [
                    "application/json": [
                        "schema": [
                            "type": "object", "required": ["query"],
                            "properties": [
                                "query": ["type": "array", "items": ["type": "object"]],
                                "sort": ["type": "array", "items": ["type": "object"]],
                                "offset": ["type": ["integer", "string"]], "limit": ["type": ["integer", "string"]],
                            ],
                        ]
                    ]
                ],
            ]),
            "responses": .object([
                "200": Self.envelope(
                    "The found records.",
                    [
                        "dataInfo": ["type": "object"],
                        "data": .object([
                            "type": "array", "items": .object(["$ref": .string("#/components/schemas/\(name)Record")]),
                        ]),
                    ]),
                "default": Self.failure,
            ]),
        ])
    }

    func login(_ database: FileMakerDatabase) -> JSONValue {
        .object([
            "operationId": .string("login" + Self.schemaName(database.name)), "security": [["basic": []]],
            "requestBody": [
                "required": false, "content": ["application/json": ["schema": ["type": "object"]]],
            ],
            "responses": .object([
                "200": Self.envelope(
                    "A session token (also in X-FM-Data-Access-Token).", ["token": ["type": "string"]]),
                "default": Self.failure,
            ]),
        ])
    }

    /// A 200 answer: `{"response": {...}, "messages": [...]}`.
    static func envelope(_ description: String, _ response: JSONObject) -> JSONValue {
        .object([
            "description": .string(description),
            "content": .object([
                "application/json": .object([
                    "schema": .object([
                        "type": "object", "required": ["response", "messages"],
                        "properties": .object([
                            "response": .object(["type": "object", "properties": .object(response)]),
                            "messages": ["$ref": "#/components/schemas/Messages"],
                        ]),
                    ])
                ])
            ]),
        ])
    }

    static let failure: JSONValue = [
        "description": "A FileMaker error: messages[0].code says which.",
        "content": [
            "application/json": [
                "schema": [
                    "type": "object", "required": ["response", "messages"],
                    "properties": [
                        "response": ["type": "object"], "messages": ["$ref": "#/components/schemas/Messages"],
                    ],
                ]
            ]
        ],
    ]

    static let messagesSchema: JSONValue = [
        "type": "array",
        "items": [
            "type": "object", "required": ["code", "message"],
            "properties": ["code": ["type": "string"], "message": ["type": "string"]],
        ],
    ]

    static let recordID: JSONValue = [
        "name": "recordId", "in": "path", "required": true, "schema": ["type": "string", "pattern": "^[0-9]+$"],
    ]

    static let rangeParameters: [JSONValue] = [
        ["name": "_offset", "in": "query", "required": false, "schema": ["type": "integer", "minimum": 1]],
        ["name": "_limit", "in": "query", "required": false, "schema": ["type": "integer", "minimum": 1]],
        ["name": "_sort", "in": "query", "required": false, "schema": ["type": "string"]],
    ]
}
