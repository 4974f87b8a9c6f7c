import TreatyCore
import TreatyJSON

extension RecordStore {
    /// Every foreign key of `record` names a live record of its target (`invalid_reference`).
    static func checkReferences(_ record: JSONObject, _ model: ResourceModel, in state: StoreState) throws(StoreError) {
        for slot in model.slots {
            switch slot.kind {
            case .toOne(_, let target):
                guard let value = record[slot.key], !value.isNull else { continue }
                try requireLive(value, target: target, key: slot.key, in: state)
            case .toMany(_, let target):
                guard case .array(let members)? = record[slot.key] else { continue }
                for member in members { try requireLive(member, target: target, key: slot.key, in: state) }
            default:
                continue
            }
        }
    }

    private static func requireLive(_ value: JSONValue, target: String, key: String, in state: StoreState) throws(StoreError) {
        guard let id = StoreState.idText(value), let row = state.tables[target]?.rows[id], !row.deleted else {
            throw StoreError(
                .invalidReference, field: key, "'\(key)' names no existing \(target): \(value.serialized())")
        }
    }

    /// `record` with values checked against the contract and normalized: timestamps to UTC
    /// with milliseconds, to-many members deduplicated and sorted (RS-NL-5), `null` on a
    /// to-many turned into `[]` (RS-NL-4).
    static func validate(_ record: JSONObject, _ model: ResourceModel, creating: Bool) throws(StoreError) -> JSONObject {
        var result = record
        for slot in model.slots {
            let value = record[slot.key] ?? .null
            switch slot.kind {
            case .identity, .version, .tombstone:
                continue
            case .scope:
                continue
            case .createdAt, .updatedAt:
                guard !value.isNull else { continue }
                guard case .string(let text) = value, let ms = TimestampText.milliseconds(text) else {
                    throw StoreError(.invalidValue, field: slot.key, "'\(slot.key)' must be a timestamp such as 2025-01-01T09:00:00.000Z")
                }
                result[slot.key] = .string(TimestampText.format(ms))
            case .attribute(let field, let type):
                if value.isNull {
                    if field.required || (!field.nullable && record[slot.key] != nil) {
                        throw StoreError(.invalidValue, field: slot.key, "'\(slot.key)' cannot be null")
                    }
                    continue
                }
                if let problem = FieldValidation.problem(value, field: field, type: type) {
                    throw StoreError(.invalidValue, field: slot.key, "'\(slot.key)' \(problem)")
                }
                if type == .datetime, case .string(let text) = value, let ms = TimestampText.milliseconds(text) {
                    result[slot.key] = .string(TimestampText.format(ms))
                }
            case .toOne(let field, let target):
                if value.isNull {
                    if field.required && record[slot.key] != nil {
                        throw StoreError(.invalidValue, field: slot.key, "'\(slot.key)' cannot be null")
                    }
                    continue
                }
                let type = model.targetIdentity(target)
                guard FieldValidation.isID(value, type) else {
                    throw StoreError(.invalidValue, field: slot.key, "'\(slot.key)' must be an id of \(target)")
                }
            case .toMany(_, let target):
                guard !value.isNull else {
                    result[slot.key] = .array([])
                    continue
                }
                guard case .array(let members) = value else {
                    throw StoreError(.invalidValue, field: slot.key, "'\(slot.key)' must be an array of ids")
                }
                let type = model.targetIdentity(target)
                var texts: [String] = []
                for member in members {
                    guard FieldValidation.isID(member, type), let text = StoreState.idText(member) else {
                        throw StoreError(.invalidValue, field: slot.key, "'\(slot.key)' must be an array of ids of \(target)")
                    }
                    if !texts.contains(text) { texts.append(text) }
                }
                texts.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                result[slot.key] = .array(texts.map { type == .int ? .number(JSONNumber(text: $0) ?? JSONNumber(0)) : .string($0) })
            }
        }
        return result
    }
}
