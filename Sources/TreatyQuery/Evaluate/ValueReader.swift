import TreatyJSON

/// Reads the values conditions and order keys test from records and the request context.
struct ValueReader {
    let environment: QueryEnvironment

    /// The raw value of a field or request path; `nil` when missing or null.
    func raw(_ access: ValueAccess, in record: JSONObject) -> JSONValue? {
        let value: JSONValue?
        switch access {
        case .field(let name, _, _): value = record[name]
        case .request(let components, _):
            var current: JSONValue? = .object(environment.request)
            for component in components { current = current?[component] }
            value = current
        case .macro(let macro, let reading):
            let clock = macro.value(now: environment.now)
            if !macro.isDate {
                value = .number(JSONNumber(clock))
            } else if let reading {
                value = reading.reading.read(.number(JSONNumber(clock)), of: .date)
            } else {
                value = .string(DateText.iso8601(clock))
            }
        }
        return value?.isNull == false ? value : nil
    }

    /// The elements of a list value, each read as `kind` (a single value counts as one element).
    func elements(_ raw: JSONValue?, kind: ScalarKind) -> [Scalar?] {
        guard let raw else { return [] }
        return (raw.arrayValue ?? [raw]).map { Scalar.stored($0, as: kind) }
    }

    /// The value a scalar condition tests, modifier applied; `nil` is null.
    func scalar(_ condition: CompiledCondition, in record: JSONObject) throws(QueryError) -> Scalar? {
        try scalar(condition.access, kind: condition.kind, in: record)
    }

    /// The value of `access` read as `kind`, modifier applied; `nil` is null.
    func scalar(_ access: ValueAccess, kind: ScalarKind, in record: JSONObject) throws(QueryError) -> Scalar? {
        let value = raw(access, in: record)
        switch access {
        case .macro(let macro, let reading):
            guard macro.isDate else { return .integer(macro.value(now: environment.now)) }
            guard reading != nil else { return .date(macro.value(now: environment.now)) }
            return value.flatMap { Scalar.stored($0, as: kind) }
        case .request(_, let modifier):
            switch modifier {
            case .isSet:
                if case .request(let components, _) = access {
                    return .bool(isPresent(components))
                }
                return nil
            case .changed:
                throw QueryError(.unsupported, "the modifier ':changed' is modelled but not evaluated")
            case .lowercased: return value?.stringValue.map { .text(TextFold.asciiLowercased($0)) }
            case .length: return value.flatMap(Self.length)
            case nil, .jsonText: return value.map(Scalar.json)
            case .read: return nil
            }
        case .field(_, let fieldKind, let modifier):
            switch modifier {
            case nil: return value.flatMap { Scalar.stored($0, as: kind) }
            case .lowercased: return value?.stringValue.map { .text(TextFold.asciiLowercased($0)) }
            case .length:
                guard let value else { return fieldKind.isMultiValued ? .integer(0) : nil }
                return Self.length(value)
            case .jsonText:
                guard let value else { return .text(fieldKind.isMultiValued ? "[]" : "") }
                return .text(value.serialized())
            case .read(let read):
                return read.reading.read(value, of: fieldKind).flatMap { Scalar.stored($0, as: kind) }
            case .isSet, .changed: return nil
            }
        }
    }

    /// The raw JSON of a field operand or request path, with the modifier applied.
    func json(_ access: ValueAccess, in record: JSONObject) throws(QueryError) -> JSONValue? {
        switch access {
        case .field(_, _, nil):
            return raw(access, in: record)
        default:
            return try scalar(access, kind: .json, in: record)?.json
        }
    }

    private func isPresent(_ components: [String]) -> Bool {
        var current: JSONValue? = .object(environment.request)
        for component in components { current = current?[component] }
        return current != nil
    }

    private static func length(_ value: JSONValue) -> Scalar? {
        if let elements = value.arrayValue { return .integer(Int64(elements.count)) }
        if let text = value.stringValue { return .integer(Int64(text.count)) }
        return nil
    }
}
