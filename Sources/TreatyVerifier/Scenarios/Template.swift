internal import Foundation
internal import TreatyDialect
internal import TreatyJSON

/// Text with `{{…}}` placeholders: `{{uuid}}` (a fresh lowercase UUID), `{{now}}` (the current UTC
/// time with milliseconds), and captured values by name, with dotted paths into them
/// (`{{task.id}}`, `{{items.0.id}}`).
struct Template: Sendable, Hashable {
    let text: String

    /// The placeholders' names, in order (`task.id` → `task.id`).
    var references: [String] {
        Template.placeholders(in: text).map(\.name)
    }

    /// Whether the whole text is one placeholder (so a JSON body keeps the captured value's type).
    var isSinglePlaceholder: Bool {
        let found = Template.placeholders(in: text)
        return found.count == 1 && found[0].range == text.startIndex..<text.endIndex
    }

    struct Placeholder {
        var name: String
        var range: Range<String.Index>
    }

    static func placeholders(in text: String) -> [Placeholder] {
        var found: [Placeholder] = []
        var searchStart = text.startIndex
        while let open = text.range(of: "{{", range: searchStart..<text.endIndex),
            let close = text.range(of: "}}", range: open.upperBound..<text.endIndex)
        {
            let name = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            found.append(Placeholder(name: name, range: open.lowerBound..<close.upperBound))
            searchStart = close.upperBound
        }
        return found
    }

    /// The text with every placeholder replaced (captured strings as they are, other values as JSON).
    func render(_ captures: Captures) throws(TemplateError) -> String {
        var result = ""
        var last = text.startIndex
        for placeholder in Template.placeholders(in: text) {
            result += text[last..<placeholder.range.lowerBound]
            let value = try captures.value(of: placeholder.name)
            result += value.stringValue ?? value.serialized()
            last = placeholder.range.upperBound
        }
        return result + text[last...]
    }

    /// The JSON value: the captured value itself for a single placeholder, else rendered text.
    func value(_ captures: Captures) throws(TemplateError) -> JSONValue {
        if isSinglePlaceholder, let placeholder = Template.placeholders(in: text).first {
            return try captures.value(of: placeholder.name)
        }
        return .string(try render(captures))
    }

    /// Every string of a JSON value rendered, keys included.
    static func render(_ value: JSONValue, _ captures: Captures) throws(TemplateError) -> JSONValue {
        switch value {
        case .string(let text): return try Template(text: text).value(captures)
        case .array(let items):
            var rendered: [JSONValue] = []
            for item in items { rendered.append(try render(item, captures)) }
            return .array(rendered)
        case .object(let object):
            var members: [JSONObject.Member] = []
            for member in object.members {
                members.append(JSONObject.Member(key: try Template(text: member.key).render(captures), value: try render(member.value, captures)))
            }
            return .object(JSONObject(members))
        default: return value
        }
    }

    /// Every placeholder name used anywhere in a JSON value.
    static func references(in value: JSONValue) -> [String] {
        switch value {
        case .string(let text): Template(text: text).references
        case .array(let items): items.flatMap(references(in:))
        case .object(let object): object.members.flatMap { Template(text: $0.key).references + references(in: $0.value) }
        default: []
        }
    }
}

/// Values captured by earlier steps, plus the built-in generators.
struct Captures {
    var values: [String: JSONValue] = [:]

    /// The built-in placeholder names.
    static let builtIns: Set<String> = ["uuid", "now"]

    func value(of name: String) throws(TemplateError) -> JSONValue {
        switch name {
        case "uuid": return .string(UUID().uuidString.lowercased())
        case "now": return .string(TimestampText.format(Int64(Date().timeIntervalSince1970 * 1000)))
        default: break
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard var current = values[parts[0]] else { throw TemplateError(name: name, problem: "no earlier step captured '\(parts[0])'") }
        for part in parts.dropFirst() {
            if let object = current.objectValue, let next = object[part] {
                current = next
            } else if let index = Int(part), let array = current.arrayValue, array.indices.contains(index) {
                current = array[index]
            } else {
                throw TemplateError(name: name, problem: "the captured value has nothing at '\(part)'")
            }
        }
        return current
    }
}

/// A placeholder that cannot be filled.
struct TemplateError: Error, CustomStringConvertible {
    var name: String
    var problem: String
    var description: String { "{{\(name)}}: \(problem)" }
}
