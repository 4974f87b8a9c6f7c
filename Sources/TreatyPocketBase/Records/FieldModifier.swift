internal import TreatyJSON

/// How a body key changes a field: `name`, `name+`, `+name` or `name-`.
enum FieldModifier: Sendable {
    case set, append, prepend, remove

    /// The field's new stored value.
    func apply(_ value: JSONValue, to current: JSONValue, of field: PocketBaseField) -> JSONValue {
        switch self {
        case .set:
            return field.coerce(value)
        case .append where field.type == .number, .remove where field.type == .number:
            let base = GoCast.double(current)
            let change = GoCast.double(value)
            return field.coerce(.number(JSONNumber(self == .append ? base + change : base - change)))
        case .append:
            return field.coerce(list(GoCast.uniqueStrings(current) + GoCast.uniqueStrings(value)))
        case .prepend:
            return field.coerce(list(GoCast.uniqueStrings(value) + GoCast.uniqueStrings(current)))
        case .remove:
            let removed = Set(GoCast.uniqueStrings(value))
            return field.coerce(list(GoCast.uniqueStrings(current).filter { !removed.contains($0) }))
        }
    }

    private func list(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }
}
