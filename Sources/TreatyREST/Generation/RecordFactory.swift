internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// Builds valid record bodies for a resource from its contract: every required field with a
/// value its rules accept, optional fields set too (so clearing them can be tested), relations
/// pointing at records that exist on the target.
struct RecordFactory {
    let resource: Resource
    /// Known ids of each related resource on the target, by resource name.
    let references: [String: [String]]

    /// A create body.
    ///
    /// - Parameters:
    ///   - id: The identity value, when the client sends it.
    ///   - parent: The parent id, for a scoped resource.
    ///   - now: The timestamp for `created_at`/`updated_at`.
    ///   - order: The order field's value.
    func body(id: String?, parent: String?, now: String, order: Int = 0) -> JSONObject {
        var body = JSONObject()
        if let id {
            let number = resource.identity.type == .int ? Int(id) : nil
            body[resource.identity.key] = number.map { .number(JSONNumber($0)) } ?? .string(id)
        }
        if let scope = resource.scope, let parent { body[scope.key] = .string(parent) }
        if resource.create != .server {
            if let key = resource.sync.createdAt { body[key] = .string(now) }
            if let key = resource.sync.updatedAt { body[key] = .string(now) }
        }
        for field in resource.fields {
            switch field.kind {
            case .attribute(let type, let key):
                body[key] =
                    key == resource.orderKey ? .number(JSONNumber(order)) : value(of: type, field: field, now: now)
            case .relation(let relation):
                guard relation.shape == .foreignKey else { continue }
                let ids = references[relation.target] ?? []
                if relation.many {
                    body[relation.foreignKey] = .array(ids.prefix(2).sorted().map(JSONValue.string))
                } else {
                    body[relation.foreignKey] = ids.first.map(JSONValue.string) ?? .null
                }
            }
        }
        return body
    }

    /// A valid value of `type` under the field's constraints.
    func value(of type: FieldType, field: Field, now: String, variant: Int = 0) -> JSONValue {
        let constraints = field.constraints
        if let allowed = constraints.allowed, !allowed.isEmpty {
            return .string(allowed[variant % allowed.count])
        }
        switch type {
        case .string:
            var text = variant == 0 ? "Treaty check" : "Treaty check \(variant)"
            if let maximum = constraints.maxLength, text.count > maximum { text = String(text.prefix(max(1, maximum))) }
            if let minimum = constraints.minLength, text.count < minimum {
                text += String(repeating: "x", count: minimum - text.count)
            }
            return .string(text)
        case .int:
            return .number(JSONNumber(Int(constraints.minimum ?? 0) + variant))
        case .number:
            return .number(JSONNumber(Int(constraints.minimum ?? 1) + variant))
        case .bool: return .bool(variant % 2 == 0)
        case .datetime: return .string(now)
        case .date: return .string(String(now.prefix(10)))
        case .uuid: return .string("00000000-0000-4000-8000-00000000000\(variant % 10)")
        case .json: return .object(JSONObject([JSONObject.Member(key: "treaty", value: .number(JSONNumber(variant)))]))
        case .stringList: return .array([.string("treaty-\(variant)")])
        }
    }

    /// Whether a create body can be built: every required to-one relation has a target record.
    var missingReference: String? {
        for field in resource.fields where field.required {
            guard let relation = field.relation, !relation.many, relation.shape == .foreignKey else { continue }
            if (references[relation.target] ?? []).isEmpty { return relation.target }
        }
        return nil
    }
}
