internal import Foundation
import TreatyCore
import TreatyJSON

/// The JSON form of a store's state and of its rows: what ``StoreImage`` and ``StoreCommit``
/// payloads hold.
enum StoreImageCoding {
    /// The version of the payload format; a payload of another version is refused.
    static let format = 1

    static func encode(_ state: StoreState) -> JSONValue {
        let tables = state.tables.keys.sorted().map { name -> JSONValue in
            let table = state.tables[name] ?? Table()
            let rows = table.order.compactMap { id in table.rows[id].map { encode($0, id: id) } }
            return .object(["name": .string(name), "rows": .array(rows)])
        }
        let snapshots = state.snapshots.keys.sorted().map { name -> JSONValue in
            .object(["name": .string(name), "image": state.snapshots[name].map(encode) ?? .null])
        }
        return .object([
            "format": number(Int64(format)),
            "models": .array(state.models.keys.sorted().compactMap { state.models[$0].map { encode($0.resource) } }),
            "tables": .array(tables),
            "counters": counters(of: state),
            "historyEnd": number(state.fixtureHistoryEnd),
            "historyOrigin": number(state.historyOrigin),
            "snapshots": .array(snapshots),
            "attachments": attachments(of: state),
        ])
    }

    /// The attachments by area and key, keys sorted (an area with none is left out).
    static func attachments(of state: StoreState) -> JSONValue {
        .object(
            JSONObject(
                StoreAttachmentArea.allCases.compactMap { area -> JSONObject.Member? in
                    guard let values = state.attachments[area], !values.isEmpty else { return nil }
                    let members = values.keys.sorted().compactMap { key in
                        values[key].map { JSONObject.Member(key: key, value: $0.value) }
                    }
                    return JSONObject.Member(key: area.rawValue, value: .object(JSONObject(members)))
                }))
    }

    /// Puts back the attachments ``attachments(of:)`` wrote (an image without any has none).
    static func apply(attachments value: JSONValue?, to state: inout StoreState) throws(StoreImageError) {
        guard let value, !value.isNull else { return }
        for member in try object(value, "attachments").members {
            guard let area = StoreAttachmentArea(rawValue: member.key) else {
                throw StoreImageError("unknown attachment area '\(member.key)'")
            }
            state.attachments[area] = try object(member.value, member.key).members.reduce(into: [:]) {
                $0[$1.key] = StoreAttachment(value: $1.value)
            }
        }
    }

    static func decode(_ payload: JSONValue, configuration: StoreConfiguration, contract: Contract)
        throws(StoreImageError) -> StoreState
    {
        let image = try object(payload, "image")
        guard image["format"]?.numberValue?.int64Value == Int64(format) else {
            throw StoreImageError("the image is not in format \(format)")
        }
        var models: [String: ResourceModel] = [:]
        let resources = try array(image["models"], "models").map { value throws(StoreImageError) in
            try resource(value, contract: contract)
        }
        var identities: [String: IdentityType] = [:]
        for resource in resources { identities[resource.name] = resource.identity.type }
        for resource in resources { models[resource.name] = ResourceModel(resource, identities: identities) }
        var state = StoreState(models: models, fixtures: FixtureSet(), configuration: configuration, now: 0)
        state.tables = [:]
        for value in try array(image["tables"], "tables") {
            let table = try object(value, "table")
            let name = try string(table["name"], "table name")
            var rows = [String: StoredRecord]()
            var order: [String] = []
            for row in try array(table["rows"], "rows") {
                let (id, stored) = try decodeRow(row)
                rows[id] = stored
                order.append(id)
            }
            var decoded = Table()
            decoded.rows = rows
            decoded.order = order
            state.tables[name] = decoded
        }
        try apply(counters: image["counters"], to: &state)
        try apply(attachments: image["attachments"], to: &state)
        state.restoreHistory(
            end: try integer(image["historyEnd"], "historyEnd"), origin: try integer(image["historyOrigin"], "historyOrigin"))
        for value in try array(image["snapshots"], "snapshots") {
            let snapshot = try object(value, "snapshot")
            let name = try string(snapshot["name"], "snapshot name")
            state.snapshots[name] = try decode(
                snapshot["image"] ?? .null, configuration: configuration, contract: contract)
        }
        return state
    }

    /// The store-wide counters: version, clock, purge mark and id generator.
    static func counters(of state: StoreState) -> JSONValue {
        .object([
            "version": number(state.version),
            "lastMutation": number(state.lastMutation),
            "purgedThroughVersion": number(state.purgedThroughVersion),
            "random": .string(String(state.random.position)),
            "draws": .string(String(state.draws.position)),
        ])
    }

    static func apply(counters value: JSONValue?, to state: inout StoreState) throws(StoreImageError) {
        let counters = try object(value, "counters")
        state.version = try integer(counters["version"], "version")
        state.lastMutation = try integer(counters["lastMutation"], "lastMutation")
        state.purgedThroughVersion = try integer(counters["purgedThroughVersion"], "purgedThroughVersion")
        guard let position = counters["random"]?.stringValue.flatMap(UInt64.init) else {
            throw StoreImageError("'random' must be the generator's position as a decimal string")
        }
        state.random = SeededGenerator(seed: position)
        if let draws = counters["draws"]?.stringValue.flatMap(UInt64.init) { state.draws = SeededGenerator(seed: draws) }
    }

    static func encode(_ row: StoredRecord, id: String) -> JSONValue {
        .object([
            "id": .string(id),
            "record": .object(row.record),
            "updated": number(row.updated),
            "version": number(row.version),
            "deleted": .bool(row.deleted),
            "parent": row.parent.map(JSONValue.string) ?? .null,
            "stamp": number(row.writeStamp),
        ])
    }

    static func decodeRow(_ value: JSONValue) throws(StoreImageError) -> (id: String, row: StoredRecord) {
        let row = try object(value, "row")
        guard case .object(let record)? = row["record"] else { throw StoreImageError("a row has no 'record' object") }
        return (
            try string(row["id"], "row id"),
            StoredRecord(
                record: record, updated: try integer(row["updated"], "updated"),
                version: try integer(row["version"], "version"), deleted: row["deleted"]?.boolValue ?? false,
                parent: row["parent"]?.stringValue, writeStamp: try integer(row["stamp"], "stamp"))
        )
    }

    static func encode(_ resource: Resource) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(resource), let value = try? JSONParser().parse(Array(data)) else {
            return .null
        }
        return value
    }

    /// The resource a payload names: the contract's own when it has the same record shape (so
    /// a compatible contract edit applies), else the stored one (a resource defined at runtime).
    static func resource(_ value: JSONValue, contract: Contract) throws(StoreImageError) -> Resource {
        let stored: Resource
        do {
            stored = try JSONDecoder().decode(Resource.self, from: Data(value.serializedBytes()))
        } catch {
            throw StoreImageError("a stored resource does not decode: \(error)")
        }
        guard let declared = contract.resources.first(where: { $0.name == stored.name }),
            RecordShape(declared) == RecordShape(stored)
        else { return stored }
        return declared
    }

    static func number(_ value: Int64) -> JSONValue {
        .number(JSONNumber(value))
    }

    static func object(_ value: JSONValue?, _ what: String) throws(StoreImageError) -> JSONObject {
        guard case .object(let object)? = value else { throw StoreImageError("'\(what)' must be an object") }
        return object
    }

    static func array(_ value: JSONValue?, _ what: String) throws(StoreImageError) -> [JSONValue] {
        guard case .array(let array)? = value else { throw StoreImageError("'\(what)' must be an array") }
        return array
    }

    static func string(_ value: JSONValue?, _ what: String) throws(StoreImageError) -> String {
        guard let text = value?.stringValue else { throw StoreImageError("'\(what)' must be a string") }
        return text
    }

    static func integer(_ value: JSONValue?, _ what: String) throws(StoreImageError) -> Int64 {
        guard let number = value?.numberValue?.int64Value else { throw StoreImageError("'\(what)' must be an integer") }
        return number
    }
}
