internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

/// Fixtures drafted from a document's examples: one record per resource whose schema (or whose
/// properties) give examples, keyed as the draft contract declares, so `treaty check` and
/// `treaty serve` accept them.
///
/// An example value that does not fit its field (a timestamp without milliseconds, an id of
/// the wrong type, a value outside its enum) is replaced by a made-up one; relations point at
/// the records drafted for their targets, or are empty; a resource whose parent or required
/// relation has no record gets none.
struct OpenAPIFixtureDrafting {
    /// The example values of one resource, by property key.
    struct Example {
        var resource: String
        var values: JSONObject
    }

    let contract: Contract
    let examples: [Example]

    /// The stamp every drafted record carries as its times.
    static let stamp = "2025-01-01T00:00:00.000Z"

    /// The fixture files, one `<resource>.json` per drafted record.
    func files() -> [ImportedFile] {
        var ids: [String: JSONValue] = [:]
        var records: [(String, JSONObject)] = []
        var pending = examples.filter { contract.resource(named: $0.resource) != nil }
        var progressed = true
        while progressed, !pending.isEmpty {
            progressed = false
            for example in pending {
                guard let resource = contract.resource(named: example.resource),
                    let record = record(of: resource, from: example.values, ids: ids)
                else { continue }
                ids[resource.name] = record[resource.identity.key]
                records.append((resource.name, record))
                pending.removeAll { $0.resource == example.resource }
                progressed = true
            }
        }
        return records.map { name, record in
            ImportedFile(
                relativePath: name + ".json",
                text: String(
                    decoding: JSONValue.array([.object(record)]).serializedBytes(
                        options: JSONWriteOptions(pretty: true)), as: UTF8.self) + "\n")
        }
    }

    /// The record of `resource`, or `nil` while a parent or required target has none yet.
    private func record(of resource: Resource, from values: JSONObject, ids: [String: JSONValue]) -> JSONObject? {
        var members: [JSONObject.Member] = []
        // JSONValue is ExpressibleByNilLiteral, so no `? $0 : nil` here: that `nil` would be `.null`.
        var identity = Self.madeUpID(resource.identity.type)
        if let example = values[resource.identity.key], Self.fits(example, resource.identity.type) {
            identity = example
        }
        members.append(.init(key: resource.identity.key, value: identity))
        if let scope = resource.scope {
            guard let parent = ids[scope.parent] else { return nil }
            members.append(.init(key: scope.key, value: parent))
        }
        let sync = resource.sync
        for key in [sync.createdAt, sync.updatedAt].compactMap({ $0 }) {
            members.append(.init(key: key, value: .string(Self.stamp)))
        }
        if let version = sync.version { members.append(.init(key: version, value: 1)) }
        if let tombstone = sync.tombstone { members.append(.init(key: tombstone, value: .null)) }
        for field in resource.fields {
            if let relation = field.relation {
                let key = field.key()
                if relation.many {
                    if relation.shape == .foreignKey, let id = ids[relation.target] {
                        members.append(.init(key: key, value: [id]))
                    } else {
                        members.append(.init(key: key, value: []))
                    }
                } else if relation.shape == .foreignKey, let id = ids[relation.target] {
                    members.append(.init(key: key, value: id))
                } else if field.nullable {
                    members.append(.init(key: key, value: .null))
                } else if field.emit == .always || field.required {
                    return nil
                }
                continue
            }
            guard case .attribute(let type, let key) = field.kind else { continue }
            if let value = values[key], (value.isNull && field.nullable) || Self.fits(value, type, field.constraints) {
                members.append(.init(key: key, value: value))
            } else if field.emit == .always || field.required {
                members.append(
                    .init(
                        key: key,
                        value: field.nullable && !field.required ? .null : Self.madeUp(type, field.constraints)))
            }
        }
        return JSONObject(members)
    }

    static func fits(_ value: JSONValue, _ type: IdentityType) -> Bool {
        switch (type, value) {
        case (.uuid, .string(let text)): ValueFormats.isUUID(text)
        case (.string, .string(let text)): !text.isEmpty
        case (.int, .number(let number)): number.isInteger
        default: false
        }
    }

    static func fits(_ value: JSONValue, _ type: FieldType, _ constraints: Constraints) -> Bool {
        switch (type, value) {
        case (.string, .string(let text)):
            if let allowed = constraints.allowed, !allowed.contains(text) { return false }
            if let minimum = constraints.minLength, text.count < minimum { return false }
            if let maximum = constraints.maxLength, text.count > maximum { return false }
            return true
        case (.int, .number(let number)): return number.isInteger && within(number.doubleValue, constraints)
        case (.number, .number(let number)): return within(number.doubleValue, constraints)
        case (.bool, .bool): return true
        case (.datetime, .string(let text)): return ValueFormats.isMillisecondTimestamp(text)
        case (.date, .string(let text)): return ValueFormats.isDate(text)
        case (.uuid, .string(let text)): return ValueFormats.isUUID(text)
        case (.json, _): return true
        case (.stringList, .array(let items)): return items.allSatisfy { $0.stringValue != nil }
        default: return false
        }
    }

    private static func within(_ value: Double, _ constraints: Constraints) -> Bool {
        value >= (constraints.minimum ?? -.infinity) && value <= (constraints.maximum ?? .infinity)
    }

    static func madeUpID(_ type: IdentityType) -> JSONValue {
        switch type {
        case .uuid: "00000000-0000-4000-8000-000000000001"
        case .string: "example-1"
        case .int: 1
        }
    }

    static func madeUp(_ type: FieldType, _ constraints: Constraints) -> JSONValue {
        switch type {
        case .string:
            if let first = constraints.allowed?.first { return .string(first) }
            let length = max(constraints.minLength ?? 0, min(7, constraints.maxLength ?? 7))
            return .string(String(("example" + String(repeating: "x", count: length)).prefix(length)))
        case .int, .number:
            let low = constraints.minimum ?? 0
            let value = min(max(low, 0), constraints.maximum ?? .infinity)
            return type == .int ? .number(JSONNumber(Int(value.rounded(.up)))) : .number(JSONNumber(value))
        case .bool: return false
        case .datetime: return .string(stamp)
        case .date: return "2025-01-01"
        case .uuid: return "00000000-0000-4000-8000-000000000002"
        case .json: return .object(JSONObject())
        case .stringList: return []
        }
    }
}
