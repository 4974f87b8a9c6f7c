public import TreatyCore
public import TreatyJSON

/// Writes a rest-sync contract's API as an OpenAPI 3.1 document: one component schema per
/// resource (identity, scope key, sync metadata and fields, with formats, enums, bounds and
/// lengths; `required` for every key a response always carries, `type: [.., "null"]` for
/// nullable ones; relations as foreign-key ids or embedded `$ref`s), one operation per records
/// endpoint with its path parameters, incremental-sync query parameters, request body and
/// answers, and the dialect's error body.
///
/// What OpenAPI cannot carry stays in the contract: who assigns ids (beyond `readOnly` on a
/// server-assigned identity), ordering, trimming, tombstone semantics and the batch upload.
public struct RESTOpenAPIExporter: Sendable {
    /// Creates an exporter.
    public init() {}

    /// The OpenAPI 3.1 document of `contract`.
    ///
    /// - Parameter contract: A rest-sync contract.
    /// - Returns: The document, with keys in a fixed order.
    public func document(of contract: Contract) -> JSONValue {
        var schemas: [JSONObject.Member] = contract.resources.map { resource in
            .init(key: Self.schemaName(resource.name), value: schema(of: resource, in: contract))
        }
        schemas.append(.init(key: "Error", value: Self.errorSchema))
        var paths: [JSONObject.Member] = []
        for endpoint in contract.endpoints where endpoint.kind == .records {
            guard let resource = contract.resource(named: endpoint.resource) else { continue }
            let text = endpoint.path.description
            let operation = operation(endpoint, resource: resource, contract: contract)
            let method = endpoint.method.lowercased()
            if let index = paths.firstIndex(where: { $0.key == text }), case .object(var item) = paths[index].value {
                item = JSONObject(item.members + [.init(key: method, value: operation)])
                paths[index].value = .object(item)
            } else {
                paths.append(.init(key: text, value: .object(JSONObject([.init(key: method, value: operation)]))))
            }
        }
        return .object([
            "openapi": "3.1.0",
            "info": .object([
                "title": .string(contract.api), "version": "1.0.0",
                "description": .string(
                    "The \(contract.api) API as Treaty's rest-sync dialect serves it (exported from its contract)."),
            ]),
            "paths": .object(JSONObject(paths)),
            "components": .object(["schemas": .object(JSONObject(schemas))]),
        ])
    }

    /// `task` → `Task`, `order_line` → `OrderLine`.
    static func schemaName(_ resource: String) -> String {
        NamingConvention.words(of: resource).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static let errorSchema: JSONValue = .object([
        "type": "object", "required": ["error"],
        "properties": .object([
            "error": .object([
                "type": "object", "required": ["code", "message", "field"],
                "properties": .object([
                    "code": ["type": "string"], "message": ["type": "string"], "field": ["type": ["string", "null"]],
                ]),
            ])
        ]),
    ])
}
