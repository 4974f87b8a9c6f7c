internal import TreatyCore
internal import TreatyJSON

/// Writes a PocketBase contract's collections as the records API, as an OpenAPI 3.1 document:
/// per collection `GET`/`POST /api/collections/{name}/records` (the paged list envelope with
/// `page`, `perPage`, `sort`, `filter`, `expand`, `fields` and `skipTotal`) and `GET`/`PATCH`/
/// `DELETE …/records/{id}` (views read-only), one component schema per collection (hidden fields
/// left out) and PocketBase's error body.
struct PocketBaseOpenAPIExporter {
    let api: String
    let collections: [PocketBaseCollection]

    /// The document.
    func document() -> JSONValue {
        var schemas: [JSONObject.Member] = []
        var paths: [JSONObject.Member] = []
        for collection in collections where !collection.system {
            let name = Self.schemaName(collection.name)
            schemas.append(.init(key: name, value: schema(of: collection)))
            let reference: JSONValue = ["$ref": .string("#/components/schemas/\(name)")]
            let writable = collection.type != .view
            var list: [JSONObject.Member] = [.init(key: "get", value: listOperation(collection, reference))]
            if writable {
                list.append(.init(key: "post", value: writeOperation("create", collection, reference, status: "200")))
            }
            var item: [JSONObject.Member] = [
                .init(key: "get", value: operation("view", collection, reference, status: "200", body: false))
            ]
            if writable {
                item.append(.init(key: "patch", value: writeOperation("update", collection, reference, status: "200")))
                item.append(.init(key: "delete", value: deleteOperation(collection)))
            }
            let base = "/api/collections/\(collection.name)/records"
            paths.append(.init(key: base, value: .object(JSONObject(list))))
            paths.append(.init(key: base + "/{id}", value: .object(JSONObject(item))))
        }
        schemas.append(.init(key: "Error", value: Self.errorSchema))
        return .object([
            "openapi": "3.1.0",
            "info": .object([
                "title": .string(api), "version": "1.0.0",
                "description": .string("The \(api) API as Treaty's pocketbase dialect serves it (the records API)."),
            ]),
            "paths": .object(JSONObject(paths)),
            "components": .object(["schemas": .object(JSONObject(schemas))]),
        ])
    }

    static func schemaName(_ collection: String) -> String {
        NamingConvention.words(of: collection).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private func listOperation(_ collection: PocketBaseCollection, _ reference: JSONValue) -> JSONValue {
        let parameters: [JSONValue] = [
            Self.query("page", ["type": "integer", "minimum": 1]),
            Self.query("perPage", ["type": "integer", "minimum": 1]),
            Self.query("sort", ["type": "string"]), Self.query("filter", ["type": "string"]),
            Self.query("expand", ["type": "string"]), Self.query("fields", ["type": "string"]),
            Self.query("skipTotal", ["type": "boolean"]),
        ]
        let page: JSONValue = .object([
            "type": "object", "required": ["page", "perPage", "totalItems", "totalPages", "items"],
            "properties": .object([
                "page": ["type": "integer"], "perPage": ["type": "integer"], "totalItems": ["type": "integer"],
                "totalPages": ["type": "integer"], "items": .object(["type": "array", "items": reference]),
            ]),
        ])
        return .object([
            "operationId": .string("list" + Self.schemaName(collection.name)), "tags": [.string(collection.name)],
            "parameters": .array(parameters),
            "responses": .object(["200": Self.response("One page of records.", page), "default": Self.errorResponse]),
        ])
    }

    private func operation(
        _ verb: String, _ collection: PocketBaseCollection, _ reference: JSONValue, status: String, body: Bool
    )
        -> JSONValue
    {
        var members: [JSONObject.Member] = [
            .init(key: "operationId", value: .string(verb + Self.schemaName(collection.name))),
            .init(key: "tags", value: [.string(collection.name)]),
            .init(
                key: "parameters",
                value: [
                    Self.idParameter, Self.query("expand", ["type": "string"]),
                    Self.query("fields", ["type": "string"]),
                ]),
        ]
        if body {
            members.append(
                .init(
                    key: "requestBody",
                    value: .object([
                        "required": true,
                        "content": .object(["application/json": .object(["schema": ["type": "object"]])]),
                    ])))
        }
        members.append(
            .init(
                key: "responses",
                value: .object([status: Self.response("The record.", reference), "default": Self.errorResponse])))
        return .object(JSONObject(members))
    }

    private func writeOperation(
        _ verb: String, _ collection: PocketBaseCollection, _ reference: JSONValue, status: String
    )
        -> JSONValue
    {
        guard verb == "create" else { return operation(verb, collection, reference, status: status, body: true) }
        return .object([
            "operationId": .string("create" + Self.schemaName(collection.name)), "tags": [.string(collection.name)],
            "requestBody": .object([
                "required": true, "content": .object(["application/json": .object(["schema": ["type": "object"]])]),
            ]),
            "responses": .object([
                status: Self.response("The created record.", reference), "default": Self.errorResponse,
            ]),
        ])
    }

    private func deleteOperation(_ collection: PocketBaseCollection) -> JSONValue {
        .object([
            "operationId": .string("delete" + Self.schemaName(collection.name)), "tags": [.string(collection.name)],
            "parameters": [Self.idParameter],
            "responses": .object(["204": ["description": "Deleted."], "default": Self.errorResponse]),
        ])
    }

    static let idParameter: JSONValue = ["name": "id", "in": "path", "required": true, "schema": ["type": "string"]]

    static func query(_ name: String, _ schema: JSONValue) -> JSONValue {
        .object(["name": .string(name), "in": "query", "required": false, "schema": schema])
    }

    static func response(_ description: String, _ schema: JSONValue) -> JSONValue {
        .object([
            "description": .string(description),
            "content": .object(["application/json": .object(["schema": schema])]),
        ])
    }

    static let errorResponse: JSONValue = [
        "description": "An error in PocketBase's error body.",
        "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]],
    ]

    static let errorSchema: JSONValue = [
        "type": "object", "required": ["status", "message", "data"],
        "properties": ["status": ["type": "integer"], "message": ["type": "string"], "data": ["type": "object"]],
    ]
}
