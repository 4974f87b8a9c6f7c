internal import TreatyCore
internal import TreatyJSON

/// Writes a FileMaker contract's layouts as the Data API, as an OpenAPI 3.1 document: per
/// database the session login, per layout `GET`/`POST …/layouts/{layout}/records` (a range, a
/// create), `GET`/`PATCH`/`DELETE …/records/{recordId}` and `POST …/_find`, with one
/// `fieldData` schema per layout (numbers as numbers, everything else strings, calculations and
/// summaries read-only) inside the Data API's `{response, messages}` envelope.
struct FileMakerOpenAPIExporter {
    let api: String
    let schema: FileMakerSchema

    /// The document.
    func document() -> JSONValue {
        var schemas: [JSONObject.Member] = [.init(key: "Messages", value: Self.messagesSchema)]
        var paths: [JSONObject.Member] = []
        for database in schema.databases {
            let base = "/fmi/data/vLatest/databases/\(PercentEncoding.component(database.name))"
            paths.append(.init(key: base + "/sessions", value: .object(["post": login(database)])))
            for layout in database.layouts {
                let name = Self.schemaName(database.name + " " + layout.name)
                schemas.append(.init(key: name + "FieldData", value: fieldData(of: layout)))
                schemas.append(.init(key: name + "Record", value: record(name)))
                let layoutPath = "\(base)/layouts/\(PercentEncoding.component(layout.name))"
                let records = layoutPath + "/records"
                paths.append(
                    .init(
                        key: records,
                        value: .object([
                            "get": operation(
                                "range" + name, "A range of records.", data: name, parameters: Self.rangeParameters),
                            "post": write(
                                "create" + name, name,
                                reply: ["recordId": ["type": "string"], "modId": ["type": "string"]]),
                        ])))
                paths.append(
                    .init(
                        key: records + "/{recordId}",
                        value: .object([
                            "get": operation("get" + name, "One record.", data: name, parameters: [Self.recordID]),
                            "patch": write(
                                "edit" + name, name, reply: ["modId": ["type": "string"]], parameters: [Self.recordID]),
                            "delete": operation("delete" + name, "Deleted.", data: nil, parameters: [Self.recordID]),
                        ])))
                paths.append(
                    .init(
                        key: layoutPath + "/_find",
                        value: .object([
                            "post": find("find" + name, name)
                        ])))
            }
        }
        return .object([
            "openapi": "3.1.0",
            "info": .object([
                "title": .string(api), "version": "1.0.0",
                "description": .string(
                    "The \(api) API as Treaty's filemaker dialect serves it (the FileMaker Data API)."),
            ]),
            "paths": .object(JSONObject(paths)),
            "components": .object([
                "schemas": .object(JSONObject(schemas)),
                "securitySchemes": [
                    "basic": ["type": "http", "scheme": "basic"], "bearer": ["type": "http", "scheme": "bearer"],
                ],
            ]),
            "security": [["bearer": []]],
        ])
    }

    static func schemaName(_ text: String) -> String {
        NamingConvention.words(of: text).map { word in
            String(
                word.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
