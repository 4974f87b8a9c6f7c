internal import TreatyDialect
internal import TreatyJSON

extension FileMakerDialect {
    /// `GET /productInfo`.
    func productInfo() -> DialectResponse {
        FileMakerEnvelope.response([
            "productInfo": [
                "name": "FileMaker Data API Engine", "buildDate": "07/05/2019", "version": "19.4.2.204",
                "dateFormat": "MM/dd/yyyy", "timeFormat": "HH:mm:ss", "timeStampFormat": "MM/dd/yyyy HH:mm:ss",
            ]
        ])
    }

    /// `GET /databases`.
    func databases() -> DialectResponse {
        FileMakerEnvelope.response([
            "databases": .array(configuration.schema.databases.map { ["name": .string($0.name)] })
        ])
    }

    /// `GET /databases/{db}/layouts`: layouts, grouped in their folders.
    func layouts(_ database: FileMakerDatabase) -> DialectResponse {
        let items = Self.folders(
            database.layouts.map {
                ($0.folder, JSONValue.object(["name": .string($0.name), "table": .string($0.table)]))
            },
            key: "folderLayoutNames")
        return FileMakerEnvelope.response(["layouts": .array(items)])
    }

    /// `GET /databases/{db}/scripts`: scripts, grouped in their folders.
    func scripts(_ database: FileMakerDatabase) -> DialectResponse {
        let items = Self.folders(
            database.scripts.map { ($0.folder, JSONValue.object(["name": .string($0.name), "isFolder": false])) },
            key: "folderScriptNames")
        return FileMakerEnvelope.response(["scripts": .array(items)])
    }

    /// Items without a folder in order; a folder item (`isFolder: true`) where its first item is.
    private static func folders(_ items: [(folder: String?, item: JSONValue)], key: String) -> [JSONValue] {
        var result: [JSONValue] = []
        var positions: [String: Int] = [:]
        var contents: [String: [JSONValue]] = [:]
        for (folder, item) in items {
            guard let folder else {
                result.append(item)
                continue
            }
            if positions[folder] == nil {
                positions[folder] = result.count
                result.append(.null)
            }
            contents[folder, default: []].append(item)
        }
        for (folder, index) in positions {
            result[index] = [
                "name": .string(folder), "isFolder": true, .init(stringLiteral: key): .array(contents[folder] ?? []),
            ]
        }
        return result
    }

    /// `GET /databases/{db}/layouts/{layout}`: `fieldMetaData`, `portalMetaData`, `valueLists`.
    func metadata(_ context: FileMakerContext) throws(FileMakerError) -> DialectResponse {
        let layout = context.layout
        var portals = JSONObject()
        for portal in layout.portals {
            let related = context.database.table(named: portal.table)
            portals[portal.name] = .array(
                portal.fields.compactMap { related?.field(named: $0) }.map {
                    Self.fieldMetadata($0, name: portal.qualified($0.name))
                })
        }
        var body: JSONObject = [
            "fieldMetaData": .array(layout.fields.map { Self.fieldMetadata($0, name: $0.name) }),
            "portalMetaData": .object(portals),
        ]
        if !layout.valueLists.isEmpty {
            body["valueLists"] = .array(
                layout.valueLists.map { list in
                    [
                        "name": .string(list.name), "type": "customList",
                        "values": .array(list.values.map { ["value": .string($0), "displayValue": .string($0)] }),
                    ]
                })
        }
        return FileMakerEnvelope.response(body)
    }

    static func fieldMetadata(_ field: FileMakerField, name: String) -> JSONValue {
        var item: JSONObject = [
            "name": .string(name), "type": .string(field.kind.rawValue),
            "displayType": .string(field.valueList == nil ? "editText" : "popupList"),
            "result": .string(field.result.rawValue), "global": .bool(field.global),
            "autoEnter": .bool(field.autoEnter != nil),
            "fourDigitYear": false, "maxRepeat": .number(JSONNumber(field.repetitions)),
            "maxCharacters": .number(JSONNumber(field.maxCharacters)), "notEmpty": .bool(field.notEmpty),
            "numeric": false, "timeOfDay": false, "repetitionStart": 1,
            "repetitionEnd": .number(JSONNumber(field.repetitions)),
        ]
        if let list = field.valueList { item["valueList"] = .string(list) }
        return .object(item)
    }
}
