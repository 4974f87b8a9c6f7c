internal import TreatyDialect
internal import TreatyJSON

/// Which portals an answer carries, and which rows of each.
struct PortalSelection {
    /// The portals by object name, with 1-based offset and row limit.
    var portals: [(portal: FileMakerPortal, offset: Int, limit: Int)]

    /// Every portal of `layout`, rows 1…50 (FileMaker's default portal limit).
    static func all(of layout: FileMakerLayout) -> PortalSelection {
        PortalSelection(portals: layout.portals.map { ($0, 1, 50) })
    }
}

/// Renders a stored record as the Data API sends it: `fieldData` with the layout's fields
/// (globals from the session), `portalData` rows with qualified names, `recordId`, `modId` and
/// `portalDataInfo`.
struct FileMakerRecordPresenter {
    let context: FileMakerContext
    let portals: PortalSelection
    /// The key and table revisions under which rendered records are kept: the layout, date
    /// format, portal selection and the session's values of the layout's globals.
    private let rendering: (key: String, revisions: [UInt64])

    init(context: FileMakerContext, portals: PortalSelection) {
        self.context = context
        self.portals = portals
        let revisions = context.revisions(showing: portals.portals.map(\.portal))
        var key = context.database.name
        key += "\u{0}" + context.layout.name + "\u{0}" + String(context.dateFormat.rawValue)
        for (portal, offset, limit) in portals.portals {
            key += "\u{0}" + portal.name + ":" + String(offset) + ":" + String(limit)
        }
        for field in context.layout.fields where field.global {
            key += "\u{0}" + (context.globals[context.layout.table + "::" + field.name] ?? "").serialized()
        }
        rendering = (key, revisions)
    }

    /// The whole answer to `GET …/records/{id}` without parameters: kept until a write to the
    /// tables it shows (its record count and the record, existing or not, stay the same till
    /// then), else built by `build` and kept.
    func answer(id: String, build: () throws(FileMakerError) -> DialectResponse) throws(FileMakerError)
        -> DialectResponse
    {
        let cache = context.caches.rendered
        if let bytes = cache.answer(rendering: rendering.key, revisions: rendering.revisions, id: id) {
            return FileMakerEnvelope.answer(bytes)
        }
        let response = try build()
        cache.keepAnswer(response.body, rendering: rendering.key, revisions: rendering.revisions, id: id)
        return response
    }

    /// `record` rendered (``present(_:)``) as JSON bytes, kept until a write to its tables or
    /// a change of the session's globals.
    func presentedBytes(_ record: JSONObject) -> [UInt8] {
        context.caches.rendered.bytes(
            rendering: rendering.key, revisions: rendering.revisions, id: Self.text(record["recordId"])
        ) { present(record).serializedBytes() }
    }

    func present(_ record: JSONObject) -> JSONValue {
        var fieldData = JSONObject()
        for field in context.layout.fields {
            if field.global {
                fieldData[field.name] = context.globals["\(context.layout.table)::\(field.name)"] ?? ""
            } else if field.repetitions > 1 {
                let values = FileMakerRepetition.values(record[field.name], count: field.repetitions)
                for (key, value) in zip(FileMakerRepetition.keys(of: field), values) {
                    fieldData[key] = FileMakerValue.presented(value, for: field, format: context.dateFormat)
                }
            } else {
                fieldData[field.name] = FileMakerValue.presented(
                    record[field.name], for: field, format: context.dateFormat)
            }
        }
        var portalData = JSONObject()
        var portalInfo: [JSONValue] = []
        for (portal, offset, limit) in portals.portals {
            let rows = relatedRows(of: record, through: portal)
            let shown = Array(rows.dropFirst(max(0, offset - 1)).prefix(limit))
            portalData[portal.name] = .array(shown.map { present(row: $0, portal: portal) })
            portalInfo.append([
                "portalObjectName": .string(portal.name), "database": .string(context.database.name),
                "table": .string(portal.table), "foundCount": .number(JSONNumber(rows.count)),
                "returnedCount": .number(JSONNumber(shown.count)),
            ])
        }
        var object: JSONObject = [
            "fieldData": .object(fieldData), "portalData": .object(portalData),
            "recordId": record["recordId"] ?? "", "modId": record["modId"] ?? "0",
        ]
        if !portalInfo.isEmpty { object["portalDataInfo"] = .array(portalInfo) }
        return .object(object)
    }

    /// The related records of `record` through `portal`, in creation order.
    func relatedRows(of record: JSONObject, through portal: FileMakerPortal) -> [JSONObject] {
        let key = Self.text(record[portal.parentKey])
        guard !key.isEmpty else { return [] }
        let resource = FileMakerStoreModel.resource(database: context.database.name, table: portal.table)
        return context.caches.rows(of: resource, by: portal.childKey, store: context.store)[key] ?? []
    }

    private func present(row: JSONObject, portal: FileMakerPortal) -> JSONValue {
        var object: JSONObject = ["recordId": row["recordId"] ?? ""]
        let related = context.database.table(named: portal.table)
        for name in portal.fields {
            guard let field = related?.field(named: name) else { continue }
            object[portal.qualified(name)] = FileMakerValue.presented(row[name], for: field, format: context.dateFormat)
        }
        object["modId"] = row["modId"] ?? "0"
        return .object(object)
    }

    /// A value as text, for matching keys (`12` and `"12"` alike).
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .number(let number)?: number.text
        default: ""
        }
    }
}
