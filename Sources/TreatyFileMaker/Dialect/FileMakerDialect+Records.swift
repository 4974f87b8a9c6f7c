internal import Foundation
internal import TreatyDialect
internal import TreatyJSON

extension FileMakerDialect {
    static let createKeys = ["fieldData", "portalData", "options", "dateformats"] + FileMakerScriptRun.keys
    static let editKeys = createKeys + ["modId"]

    /// `GET …/records?_offset=1&_limit=100&_sort=[…]`: a range in creation (or sort) order.
    func range(_ context: FileMakerContext) throws(FileMakerError) -> DialectResponse {
        let call = context.call
        let offset = try Self.positive(call.query("_offset"), name: "_offset") ?? 1
        let limit = try Self.positive(call.query("_limit"), name: "_limit") ?? 100
        let scripts = FileMakerScriptRun(scriptParameters(context, body: nil), database: context.database)
        let all = try records(context)
        let sorted = try FileMakerSort(call.query("_sort").map { .string($0) }, layout: context.layout)
            .sorted(all, prefix: offset - 1 + limit)
        let page = Array(sorted.dropFirst(offset - 1).prefix(limit))
        guard !page.isEmpty else { throw FileMakerError.recordMissing }
        let response = try context.responding()
        let presenter = FileMakerRecordPresenter(context: response, portals: try portals(response, body: nil))
        return FileMakerEnvelope.records(
            scripts.adding(to: [
                "dataInfo": dataInfo(context, total: all.count, found: all.count, returned: page.count),
                "data": FileMakerEnvelope.data,
            ]), data: page.map(presenter.presentedBytes))
    }

    /// `GET …/records/{id}`; without parameters, the answer is kept until the next write to
    /// the tables it shows.
    func record(_ context: FileMakerContext, id: String) throws(FileMakerError) -> DialectResponse {
        guard context.call.request.query.isEmpty else { return try recordAnswer(context, id: id) }
        let presenter = FileMakerRecordPresenter(context: context, portals: .all(of: context.layout))
        return try presenter.answer(id: id) { () throws(FileMakerError) in try recordAnswer(context, id: id) }
    }

    private func recordAnswer(_ context: FileMakerContext, id: String) throws(FileMakerError) -> DialectResponse {
        let scripts = FileMakerScriptRun(scriptParameters(context, body: nil), database: context.database)
        let record = try stored(context, id: id)
        let response = try context.responding()
        let presenter = FileMakerRecordPresenter(context: response, portals: try portals(response, body: nil))
        let total = (try? context.store.liveRecords(of: context.resource).records.count) ?? 0
        return FileMakerEnvelope.records(
            scripts.adding(to: [
                "dataInfo": dataInfo(context, total: total, found: 1, returned: 1), "data": FileMakerEnvelope.data,
            ]),
            data: [presenter.presentedBytes(record)])
    }

    /// `POST …/records` `{"fieldData": {…}, "portalData": {…}}` → `{"recordId", "modId"}`.
    func create(_ context: FileMakerContext) throws(FileMakerError) -> DialectResponse {
        let body = try context.call.body()
        try Self.refuseUnknownKeys(body, allowed: Self.createKeys)
        guard let fieldData = body["fieldData"]?.objectValue else { throw FileMakerError.parameterMissing("fieldData") }
        let writer = FileMakerWriter(context: context)
        let created = try context.store.transaction { () throws(FileMakerError) -> JSONObject in
            let record = try writer.create(try writer.values(fieldData, on: context.layout), in: context.layout.table)
            try writePortalRows(body["portalData"], parent: record, context: context)
            return record
        }
        let scripts = FileMakerScriptRun(scriptParameters(context, body: body), database: context.database)
        return FileMakerEnvelope.response(
            scripts.adding(to: ["recordId": created["recordId"] ?? "", "modId": created["modId"] ?? "0"]))
    }

    /// `PATCH …/records/{id}` `{"fieldData": {…}, "modId": "3"}` → `{"modId"}`; a stale `modId`
    /// is 306 and nothing is written.
    func edit(_ context: FileMakerContext, id: String) throws(FileMakerError) -> DialectResponse {
        var body = try context.call.body()
        try Self.refuseUnknownKeys(body, allowed: Self.editKeys)
        guard var fieldData = body["fieldData"]?.objectValue else { throw FileMakerError.parameterMissing("fieldData") }
        let deleteRelated = fieldData["deleteRelated"]
        fieldData["deleteRelated"] = nil
        body["fieldData"] = .object(fieldData)
        let writer = FileMakerWriter(context: context)
        let updated = try context.store.transaction { () throws(FileMakerError) -> JSONObject in
            let record = try stored(context, id: id)
            if let expected = body["modId"].map(FileMakerRecordPresenter.text), !expected.isEmpty,
                expected != FileMakerRecordPresenter.text(record["modId"])
            {
                throw FileMakerError.modIDMismatch
            }
            let values = try writer.values(fieldData, on: context.layout, base: record)
            try deleteRelatedRows(deleteRelated, context: context)
            try writePortalRows(body["portalData"], parent: record, context: context)
            return try writer.update(record, with: values, in: context.layout.table)
        }
        let scripts = FileMakerScriptRun(scriptParameters(context, body: body), database: context.database)
        return FileMakerEnvelope.response(scripts.adding(to: ["modId": updated["modId"] ?? "0"]))
    }

    /// `DELETE …/records/{id}` → `{}`.
    func delete(_ context: FileMakerContext, id: String) throws(FileMakerError) -> DialectResponse {
        try context.store.transaction { () throws(FileMakerError) in
            _ = try stored(context, id: id)
            _ = try? context.store.delete(context.resource, id: id)
        }
        let scripts = FileMakerScriptRun(scriptParameters(context, body: nil), database: context.database)
        return FileMakerEnvelope.response(scripts.adding(to: JSONObject()))
    }

    /// `POST …/records/{id}` with an empty body: a copy (without related rows) →
    /// `{"recordId", "modId": "0"}`.
    func duplicate(_ context: FileMakerContext, id: String) throws(FileMakerError) -> DialectResponse {
        let body = try context.call.body()
        try Self.refuseUnknownKeys(body, allowed: FileMakerScriptRun.keys)
        guard let table = context.table else { throw FileMakerError(106, "Table is missing") }
        let writer = FileMakerWriter(context: context)
        let copy = try context.store.transaction { () throws(FileMakerError) -> JSONObject in
            let original = try stored(context, id: id)
            var values = JSONObject()
            for field in table.fields where !field.global && field.autoEnter == nil {
                if let value = original[field.name] { values[field.name] = value }
            }
            return try writer.create(values, in: context.layout.table)
        }
        let scripts = FileMakerScriptRun(scriptParameters(context, body: body), database: context.database)
        return FileMakerEnvelope.response(
            scripts.adding(to: ["recordId": copy["recordId"] ?? "", "modId": copy["modId"] ?? "0"]))
    }

    // MARK: - Shared

    func records(_ context: FileMakerContext) throws(FileMakerError) -> [JSONObject] {
        do {
            return try context.store.list(context.resource).records
        } catch {
            throw FileMakerError(106, "Table is missing")
        }
    }

    func stored(_ context: FileMakerContext, id: String) throws(FileMakerError) -> JSONObject {
        guard let record = try? context.store.get(context.resource, id: id) else { throw FileMakerError.recordMissing }
        return record
    }

    func dataInfo(_ context: FileMakerContext, total: Int, found: Int, returned: Int) -> JSONValue {
        [
            "database": .string(context.database.name), "layout": .string(context.layout.name),
            "table": .string(context.layout.table), "totalRecordCount": .number(JSONNumber(total)),
            "foundCount": .number(JSONNumber(found)), "returnedCount": .number(JSONNumber(returned)),
        ]
    }

    /// The portals an answer carries: `portal` (a JSON array, or its text) chooses them;
    /// `_offset.<p>`/`_limit.<p>` (query) or `offset.<p>`/`limit.<p>` (find body) page them.
    func portals(_ context: FileMakerContext, body: JSONObject?) throws(FileMakerError) -> PortalSelection {
        let layout = context.layout
        var names = layout.portals.map(\.name)
        let chosen: JSONValue? = body?["portal"] ?? context.call.query("portal").map { .string($0) }
        if let chosen {
            var value = chosen
            if case .string(let text) = chosen {
                guard let parsed = try? JSONParser().parse(text) else {
                    throw FileMakerError.parameterInvalid("portal must be a JSON array of portal names")
                }
                value = parsed
            }
            guard let list = value.arrayValue?.compactMap(\.stringValue) else {
                throw FileMakerError.parameterInvalid("portal must be a JSON array of portal names")
            }
            names = list
        }
        var selection = PortalSelection(portals: [])
        for name in names {
            guard let portal = layout.portal(named: name) else {
                throw FileMakerError.parameterInvalid("layout '\(layout.name)' has no portal '\(name)'")
            }
            func setting(_ key: String) -> String? {
                if let body { return body["\(key).\(portal.name)"].map(FileMakerRecordPresenter.text) }
                return context.call.query("_\(key).\(portal.name)")
            }
            let offset = try Self.positive(setting("offset"), name: "offset.\(portal.name)") ?? 1
            let limit = try Self.positive(setting("limit"), name: "limit.\(portal.name)") ?? 50
            selection.portals.append((portal, offset, limit))
        }
        return selection
    }

    /// Creates portal rows without a `recordId` and edits those with one.
    private func writePortalRows(_ value: JSONValue?, parent: JSONObject, context: FileMakerContext)
        throws(FileMakerError)
    {
        guard let portalData = value?.objectValue else { return }
        let writer = FileMakerWriter(context: context)
        for member in portalData.members {
            guard let portal = context.layout.portal(named: member.key) else {
                throw FileMakerError.parameterInvalid("layout '\(context.layout.name)' has no portal '\(member.key)'")
            }
            guard let related = context.database.table(named: portal.table) else { continue }
            let resource = FileMakerStoreModel.resource(database: context.database.name, table: portal.table)
            for row in member.value.arrayValue ?? [] {
                guard let object = row.objectValue else { throw FileMakerError.invalidJSON }
                var values = JSONObject()
                for entry in object.members where entry.key != "recordId" && entry.key != "modId" {
                    let name =
                        entry.key.hasPrefix(portal.table + "::")
                        ? String(entry.key.dropFirst(portal.table.count + 2)) : entry.key
                    guard let field = related.field(named: name) else { throw FileMakerError.fieldMissing(entry.key) }
                    guard field.isWritable else { throw FileMakerError.fieldNotModifiable }
                    values[name] = try FileMakerValue.stored(entry.value, for: field, format: context.dateFormat)
                }
                if let rowID = object["recordId"].map(FileMakerRecordPresenter.text) {
                    guard let existing = try? context.store.get(resource, id: rowID) else {
                        throw FileMakerError.recordMissing
                    }
                    if let expected = object["modId"].map(FileMakerRecordPresenter.text),
                        expected != FileMakerRecordPresenter.text(existing["modId"])
                    {
                        throw FileMakerError.modIDMismatch
                    }
                    _ = try writer.update(existing, with: values, in: portal.table)
                } else {
                    values[portal.childKey] = parent[portal.parentKey] ?? ""
                    _ = try writer.create(values, in: portal.table)
                }
            }
        }
    }

    /// `"deleteRelated": "Albums.12"` (or a list of them) deletes portal rows.
    private func deleteRelatedRows(_ value: JSONValue?, context: FileMakerContext) throws(FileMakerError) {
        guard let value else { return }
        let items = value.arrayValue ?? [value]
        for item in items {
            guard let text = item.stringValue, let dot = text.lastIndex(of: "."),
                let portal = context.layout.portal(named: String(text[..<dot]))
            else { throw FileMakerError.parameterInvalid("deleteRelated must read '<portal>.<recordId>'") }
            let resource = FileMakerStoreModel.resource(database: context.database.name, table: portal.table)
            guard (try? context.store.delete(resource, id: String(text[text.index(after: dot)...]))) != nil else {
                throw FileMakerError.recordMissing
            }
        }
    }

    static func refuseUnknownKeys(_ body: JSONObject, allowed: [String]) throws(FileMakerError) {
        let unknown = body.keys.filter { key in
            !allowed.contains(key) && !key.hasPrefix("offset.") && !key.hasPrefix("limit.")
        }
        if !unknown.isEmpty { throw FileMakerError.unknownParameters(unknown) }
    }

    /// A 1-based count from a query value or body value.
    static func positive(_ text: String?, name: String) throws(FileMakerError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 1 else {
            throw FileMakerError.parameterInvalid("\(name) must be a positive integer")
        }
        return value
    }
}
