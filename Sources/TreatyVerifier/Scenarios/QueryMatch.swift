internal import TreatyJSON
internal import TreatyQuery

/// A scenario matcher written as a condition in TreatyQuery's own condition syntax
/// (`ConditionText`: `views > 10 && title ~ "hello"`, `tags:each ?= "swift"`, `status != null`),
/// tested on an object, or on the objects of an array.
///
/// | YAML | holds when … |
/// |---|---|
/// | `all_match: "…"` | the value is an object that satisfies the condition, or an array whose every item does |
/// | `any_match: "…"` | the value is an object that satisfies it, or an array with at least one item that does |
/// | `none_match: "…"` | no item (or the object itself) satisfies it |
///
/// Field types come from the values being tested (numbers, text, bools, lists of them; other
/// values as JSON), so `views > 10` compares numbers and `title ~ "a"` text; a list is tested
/// element by element with `:each` (`watcher_ids:each ?= "u2"`: some element is `u2`), and
/// bare it compares as its JSON text. Placeholders (`{{id}}`) are rendered
/// first.
struct QueryMatch: Sendable {
    enum Mode: String, Sendable {
        case all = "all_match"
        case any = "any_match"
        case none = "none_match"
    }

    let mode: Mode
    let condition: String

    /// Why `value` does not match, or `nil` when it does.
    func mismatch(_ value: JSONValue, captures: Captures) throws(TemplateError) -> String? {
        let text = try Template.render(.string(condition), captures).stringValue ?? condition
        let objects: [JSONObject]
        switch value {
        case .object(let object): objects = [object]
        case .array(let items):
            guard items.allSatisfy({ $0.objectValue != nil }) else {
                return "expected objects to test '\(text)' on, found \(value.serialized().prefix(120))"
            }
            objects = items.compactMap(\.objectValue)
        default:
            return "expected an object or an array of objects to test '\(text)' on, found \(value.serialized().prefix(120))"
        }
        let schema = QuerySchema([ResourceSchema("value", fields: Self.kinds(of: objects))])
        let query: CompiledQuery
        do {
            query = try CompiledQuery(
                Query("value", where: try ConditionText.parse(text, schema: schema, resource: "value")),
                schema: schema)
        } catch let error as QueryParseError {
            return "'\(text)' does not apply to these values: \(error.message) (at character \(error.offset + 1))"
        } catch {
            return "'\(text)' does not apply to these values: \(error)"
        }
        let source = InMemoryDataSource(schema: schema, indexed: false)
        var failing: [Int] = []
        var passing: [Int] = []
        for (index, object) in objects.enumerated() {
            if (try? query.matches(object, in: source)) == true { passing.append(index) } else { failing.append(index) }
        }
        let isArray = value.arrayValue != nil
        func which(_ indices: [Int]) -> String {
            isArray ? "item\(indices.count == 1 ? "" : "s") \(indices.prefix(5).map(String.init).joined(separator: ", "))" : "the object"
        }
        func verb(_ indices: [Int]) -> String { indices.count == 1 ? "does" : "do" }
        switch mode {
        case .all:
            return failing.isEmpty ? nil : "expected every value to satisfy '\(text)'; \(which(failing)) \(verb(failing)) not"
        case .any:
            return passing.isEmpty ? "expected some value to satisfy '\(text)'; none of \(objects.count) does" : nil
        case .none:
            return passing.isEmpty ? nil : "expected no value to satisfy '\(text)'; \(which(passing)) \(verb(passing))"
        }
    }

    /// Each key's kind across `objects`: numbers (integers when all are whole), text, bools,
    /// lists of one of those; anything else, or a mix, as JSON.
    static func kinds(of objects: [JSONObject]) -> [String: FieldKind] {
        var kinds: [String: FieldKind] = [:]
        var keys: [String] = []
        var values: [String: [JSONValue]] = [:]
        for object in objects {
            for member in object.members {
                if values[member.key] == nil { keys.append(member.key) }
                values[member.key, default: []].append(member.value)
            }
        }
        for key in keys { kinds[key] = kind(of: values[key] ?? []) }
        return kinds
    }

    private static func kind(of values: [JSONValue]) -> FieldKind {
        let present = values.filter { !$0.isNull }
        guard !present.isEmpty else { return .json }
        if present.allSatisfy({ $0.numberValue != nil }) {
            return present.allSatisfy({ $0.numberValue?.int64Value != nil }) ? .integer : .float
        }
        if present.allSatisfy({ $0.stringValue != nil }) { return .string }
        if present.allSatisfy({ if case .bool = $0 { true } else { false } }) { return .bool }
        if present.allSatisfy({ $0.arrayValue != nil }) {
            let elements = present.flatMap { $0.arrayValue ?? [] }
            let element = kind(of: elements)
            if case .list = element { return .json }
            return element == .json && !elements.isEmpty ? .json : .list(of: elements.isEmpty ? .string : element)
        }
        return .json
    }
}
