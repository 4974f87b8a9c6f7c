internal import TreatyJSON

/// A check on one value of an answer body, written in a scenario's `expect.body`.
///
/// | YAML | holds when the value … |
/// |---|---|
/// | `type: string` (`number`, `integer`, `boolean`, `null`, `array`, `object`) | has that JSON type |
/// | `regex: "^[0-9a-f-]{36}$"` | is a string matching the whole pattern |
/// | `equals: …` / `not_equals: …` | is (is not) equal to the JSON value (placeholders allowed) |
/// | `greater_than: …` / `less_than: …` | compares so with it (numbers numerically, strings byte-wise) |
/// | `each_like: {min: 1, like: {…}}` | is an array of at least `min` items, each with the example's keys and types |
/// | `contains: …` | is an array with an item equal to it (for objects: with those members) |
/// | `length: {min: 1, max: 10}` | is an array, string or object of that size |
/// | `present: true` / `absent: true` | exists (may be null) / does not exist |
/// | `all_match: "views > 10"` (`any_match`, `none_match`) | is an object, or an array of objects, that satisfies a condition in the query syntax (see ``QueryMatch``) |
enum Matcher: Sendable {
    case type(JSONValue.Kind, name: String)
    case regex(String)
    case equals(JSONValue)
    case notEquals(JSONValue)
    case greaterThan(JSONValue)
    case lessThan(JSONValue)
    case eachLike(min: Int, like: JSONValue?)
    case contains(JSONValue)
    case length(min: Int?, max: Int?)
    case present
    case absent
    case query(QueryMatch)

    /// The YAML keys, for suggestions.
    static let names = [
        "type", "regex", "equals", "not_equals", "greater_than", "less_than", "each_like", "contains", "length",
        "present", "absent", "all_match", "any_match", "none_match",
    ]

    /// The type names `type:` accepts.
    static let typeNames: [String: JSONValue.Kind] = [
        "string": .string, "number": .number, "integer": .number, "boolean": .boolean, "null": .null, "array": .array,
        "object": .object,
    ]

    /// Why `value` does not match (with placeholders already rendered in the matcher's operand),
    /// or `nil` when it does.
    func mismatch(_ value: JSONValue?, captures: Captures) throws(TemplateError) -> String? {
        switch self {
        case .absent:
            return value == nil ? nil : "expected no value, found \(show(value))"
        case .present:
            return value == nil ? "expected a value, found nothing" : nil
        default:
            break
        }
        guard let value else { return "expected a value, found nothing" }
        switch self {
        case .query(let match):
            return try match.mismatch(value, captures: captures)
        case .type(let kind, let name):
            if name == "integer" {
                return value.numberValue?.int64Value != nil ? nil : "expected an integer, found \(show(value))"
            }
            return value.kind == kind ? nil : "expected \(name), found \(show(value))"
        case .regex(let pattern):
            guard let text = value.stringValue else { return "expected a string matching /\(pattern)/, found \(show(value))" }
            guard let regex = try? Regex(pattern) else { return "the pattern /\(pattern)/ is not a valid regular expression" }
            return text.wholeMatch(of: regex) != nil ? nil : "expected a string matching /\(pattern)/, found \(show(value))"
        case .equals(let expected):
            let rendered = try Template.render(expected, captures)
            return value == rendered ? nil : "expected \(show(rendered)), found \(show(value))"
        case .notEquals(let unexpected):
            let rendered = try Template.render(unexpected, captures)
            return value != rendered ? nil : "expected anything but \(show(rendered))"
        case .greaterThan(let bound), .lessThan(let bound):
            let rendered = try Template.render(bound, captures)
            guard let order = Self.compare(value, rendered) else {
                return "cannot compare \(show(value)) with \(show(rendered))"
            }
            if case .greaterThan = self { return order > 0 ? nil : "expected more than \(show(rendered)), found \(show(value))" }
            return order < 0 ? nil : "expected less than \(show(rendered)), found \(show(value))"
        case .eachLike(let minimum, let like):
            guard let items = value.arrayValue else { return "expected an array, found \(show(value))" }
            guard items.count >= minimum else { return "expected at least \(minimum) items, found \(items.count)" }
            guard let like else { return nil }
            for (index, item) in items.enumerated() {
                if let problem = Self.shapeMismatch(item, like: like, at: "/\(index)") { return problem }
            }
            return nil
        case .contains(let expected):
            let rendered = try Template.render(expected, captures)
            guard let items = value.arrayValue else { return "expected an array, found \(show(value))" }
            let found = items.contains { item in
                guard let wanted = rendered.objectValue, let object = item.objectValue else { return item == rendered }
                return wanted.members.allSatisfy { object[$0.key] == $0.value }
            }
            return found ? nil : "expected an item like \(show(rendered)) among \(items.count) items"
        case .length(let minimum, let maximum):
            let size: Int
            switch value {
            case .array(let items): size = items.count
            case .string(let text): size = text.count
            case .object(let object): size = object.members.count
            default: return "expected an array, string or object, found \(show(value))"
            }
            if let minimum, size < minimum { return "expected a length of at least \(minimum), found \(size)" }
            if let maximum, size > maximum { return "expected a length of at most \(maximum), found \(size)" }
            return nil
        case .present, .absent:
            return nil
        }
    }

    /// Numbers compare numerically, strings byte-wise; `nil` for other pairs.
    static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        if let left = lhs.numberValue?.doubleValue, let right = rhs.numberValue?.doubleValue {
            return left < right ? -1 : (left > right ? 1 : 0)
        }
        if let left = lhs.stringValue, let right = rhs.stringValue {
            return left < right ? -1 : (left > right ? 1 : 0)
        }
        return nil
    }

    /// Pact-style "like": the same keys with the same JSON types, recursively.
    static func shapeMismatch(_ value: JSONValue, like example: JSONValue, at path: String) -> String? {
        switch (example, value) {
        case (.object(let expected), .object(let actual)):
            for member in expected.members {
                guard let child = actual[member.key] else { return "item \(path) has no '\(member.key)'" }
                if let problem = shapeMismatch(child, like: member.value, at: "\(path)/\(member.key)") { return problem }
            }
            return nil
        case (.array(let expected), .array(let actual)):
            guard let first = expected.first else { return nil }
            for (index, item) in actual.enumerated() {
                if let problem = shapeMismatch(item, like: first, at: "\(path)/\(index)") { return problem }
            }
            return nil
        default:
            return example.kind == value.kind ? nil : "\(path) is \(value.kind), the example has \(example.kind)"
        }
    }

    private func show(_ value: JSONValue?) -> String {
        guard let value else { return "nothing" }
        let text = value.serialized()
        return text.count > 120 ? String(text.prefix(117)) + "…" : text
    }
}
