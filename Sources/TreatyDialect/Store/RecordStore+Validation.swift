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

    /// A parent key carried in the body (a scoped create without a path scope) names a live
    /// parent (`invalid_reference`).
    static func checkParentReference(_ record: JSONObject, _ model: ResourceModel, in state: StoreState)
        throws(StoreError)
    {
        guard let key = model.scopeKey, let parent = model.resource.scope?.parent, let value = record[key],
            !value.isNull
        else { return }
        guard FieldValidation.isID(value, model.targetIdentity(parent)) else {
            throw StoreError(
                .invalidReference, field: key, "'\(key)' names no existing \(parent): \(value.serialized())")
        }
        try requireLive(value, target: parent, key: key, in: state)
    }

    static func isAbsent(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: true
        case .string(let text)?: text.isEmpty
        default: false
        }
    }

    static func idExpectation(_ model: ResourceModel) -> String {
        switch model.resource.identity.type {
        case .uuid: "a UUID string"
        case .string: "a non-empty string"
        case .int: "an integer"
        }
    }

    static func slotName(_ slot: ResourceModel.Slot) -> String? {
        switch slot.kind {
        case .attribute(let field, _), .toOne(let field, _), .toMany(let field, _): field.name
        default: nil
        }
    }

    /// Whether `writable` (an endpoint's `writes`, by field name) lets a write touch `slot`;
    /// `nil` lets it touch every field.
    static func allows(_ writable: [String]?, _ slot: ResourceModel.Slot) -> Bool {
        guard let writable else { return true }
        return slotName(slot).map(writable.contains) ?? false
    }

    static func isRequired(_ slot: ResourceModel.Slot) -> Bool {
        switch slot.kind {
        case .attribute(let field, _), .toOne(let field, _), .toMany(let field, _): field.required
        default: false
        }
    }

    static func isImmutable(_ slot: ResourceModel.Slot) -> Bool {
        switch slot.kind {
        case .identity, .scope, .createdAt: true
        case .attribute(let field, _), .toOne(let field, _), .toMany(let field, _): field.immutable
        default: false
        }
    }

    /// Whether a replace clears `slot` when the input omits it: declared fields that may
    /// change after create (not identity, parent, timestamps, version or tombstone).
    static func isReplaceable(_ slot: ResourceModel.Slot) -> Bool {
        switch slot.kind {
        case .attribute(let field, _), .toOne(let field, _), .toMany(let field, _): !field.immutable
        default: false
        }
    }

    static func rejectUnknownKeys(_ input: JSONObject, _ model: ResourceModel) throws(StoreError) {
        for member in input where model.slot(forKey: member.key) == nil {
            let known = model.slots.map(\.key)
            let hint = Suggestion.closest(to: member.key, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            throw StoreError(
                .invalidValue, field: member.key, "'\(member.key)' is not a field of \(model.resource.name)\(hint)")
        }
    }

    private static func requireLive(_ value: JSONValue, target: String, key: String, in state: StoreState)
        throws(StoreError)
    {
        guard let id = StoreState.idText(value), let row = state.tables[target]?.rows[id], !row.deleted else {
            throw StoreError(
                .invalidReference, field: key, "'\(key)' names no existing \(target): \(value.serialized())")
        }
    }

    /// `record` with values checked against the contract and normalized: timestamps to UTC
    /// with milliseconds, to-many members deduplicated and sorted (RS-NL-5), `null` on a
    /// to-many turned into `[]` (RS-NL-4).
    static func validate(_ record: JSONObject, _ model: ResourceModel, creating: Bool) throws(StoreError) -> JSONObject
    {
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
                    throw StoreError(
                        .invalidValue, field: slot.key,
                        "'\(slot.key)' must be a timestamp such as 2025-01-01T09:00:00.000Z")
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
                        throw StoreError(
                            .invalidValue, field: slot.key, "'\(slot.key)' must be an array of ids of \(target)")
                    }
                    if !texts.contains(text) { texts.append(text) }
                }
                texts.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                result[slot.key] = .array(
                    texts.map { type == .int ? .number(JSONNumber(text: $0) ?? JSONNumber(0)) : .string($0) })
            }
        }
        return result
    }
}
