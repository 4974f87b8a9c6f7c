import TreatyCore
import TreatyJSON

/// One step of a ``StoreCommit``: what replaying it does to a store's state.
enum RedoOperation: Sendable {
    /// Row `id` of `resource` is now `row` (`nil`: gone); `appended` puts the id at the end of
    /// the insertion order, `removed` takes it out.
    case row(resource: String, id: String, row: StoredRecord?, appended: Bool, removed: Bool)
    /// ``RecordStore/define(_:)``.
    case define(Resource)
    /// ``RecordStore/removeResource(named:)``.
    case remove(String)
    /// ``RecordStore/reset()``, the fixtures' history restarting at `historyOrigin`.
    case reset(historyOrigin: Int64)
    /// ``RecordStore/snapshot(named:)``.
    case snapshot(String)
    /// ``RecordStore/restore(named:)``.
    case restore(String)
    /// ``RecordStore/attach(_:as:in:)``: `key` of `area` now holds `value` (`nil`: removed).
    case attach(area: StoreAttachmentArea, key: String, value: JSONValue?)

    /// The row operations for `changes`, each with the row as it stands in `state` now.
    static func rows(_ changes: some Collection<StoreChange>, in state: StoreState) -> [RedoOperation] {
        changes.map { change in
            .row(
                resource: change.resource, id: change.id, row: state.tables[change.resource]?.rows[change.id],
                appended: change.appended, removed: change.removedAt != nil)
        }
    }

    var json: JSONValue {
        switch self {
        case .row(let resource, let id, let row, let appended, let removed):
            .object([
                "op": "row", "resource": .string(resource), "id": .string(id),
                "row": row.map { StoreImageCoding.encode($0, id: id) } ?? .null,
                "appended": .bool(appended), "removed": .bool(removed),
            ])
        case .define(let resource): .object(["op": "define", "resource": StoreImageCoding.encode(resource)])
        case .remove(let name): .object(["op": "remove", "name": .string(name)])
        case .reset(let origin): .object(["op": "reset", "historyOrigin": StoreImageCoding.number(origin)])
        case .snapshot(let name): .object(["op": "snapshot", "name": .string(name)])
        case .restore(let name): .object(["op": "restore", "name": .string(name)])
        case .attach(let area, let key, let value):
            .object(["op": "attach", "area": .string(area.rawValue), "key": .string(key), "value": value ?? .null])
        }
    }

    /// Replays the operation `json` describes on `state`; `base` is the state a reset returns to.
    static func replay(_ json: JSONValue, on state: inout StoreState, base: StoreState, contract: Contract)
        throws(StoreImageError)
    {
        let operation = try StoreImageCoding.object(json, "operation")
        switch operation["op"]?.stringValue {
        case "row":
            let resource = try StoreImageCoding.string(operation["resource"], "resource")
            let id = try StoreImageCoding.string(operation["id"], "id")
            // Taken out of the dictionary so the rows are mutated in place, not copied per commit.
            var table = state.tables.removeValue(forKey: resource) ?? Table()
            if let value = operation["row"], !value.isNull {
                table.rows[id] = try StoreImageCoding.decodeRow(value).row
            } else {
                table.rows[id] = nil
            }
            if operation["appended"]?.boolValue == true { table.order.append(id) }
            if operation["removed"]?.boolValue == true, let position = table.order.firstIndex(of: id) {
                table.order.remove(at: position)
            }
            state.tables[resource] = table
        case "define":
            state.define(try StoreImageCoding.resource(operation["resource"] ?? .null, contract: contract))
        case "remove":
            state.removeResource(named: try StoreImageCoding.string(operation["name"], "name"))
        case "reset":
            var fresh = base
            fresh.restoreHistory(
                end: base.fixtureHistoryEnd,
                origin: try StoreImageCoding.integer(operation["historyOrigin"], "historyOrigin"))
            fresh.snapshots = state.snapshots
            fresh.attachments[.standing] = state.attachments[.standing]
            fresh.draws = state.draws
            state = fresh
        case "snapshot":
            var copy = state
            copy.snapshots = [:]
            copy.attachments[.standing] = nil
            state.snapshots[try StoreImageCoding.string(operation["name"], "name")] = copy
        case "restore":
            let name = try StoreImageCoding.string(operation["name"], "name")
            guard var saved = state.snapshots[name] else {
                throw StoreImageError("a commit restores snapshot '\(name)', which the state does not hold")
            }
            saved.snapshots = state.snapshots
            saved.attachments[.standing] = state.attachments[.standing]
            saved.draws = state.draws
            state = saved
        case "attach":
            guard let area = operation["area"]?.stringValue.flatMap(StoreAttachmentArea.init(rawValue:)) else {
                throw StoreImageError("'area' must be one of \(StoreAttachmentArea.allCases.map(\.rawValue))")
            }
            let key = try StoreImageCoding.string(operation["key"], "key")
            let value = operation["value"] ?? .null
            state.attachments[area, default: [:]][key] = value.isNull ? nil : StoreAttachment(value: value)
        default:
            throw StoreImageError("unknown operation \(operation["op"].map { "\($0)" } ?? "(none)")")
        }
    }
}
