internal import TreatyCore
internal import TreatyJSON
internal import TreatyQuery

extension ScenarioNodeReader {
    func location(of node: SourceNode) -> SourceLocation {
        SourceLocation(file: file, line: node.line, column: node.column)
    }

    mutating func error(at node: SourceNode, _ message: String, fix: String) {
        var diagnostic = Diagnostic.error("scenario", message, at: location(of: node), fix: fix)
        diagnostic.snippet = SourceSnippet.make(text: text[...], line: node.line, column: node.column)
        diagnostics.append(diagnostic)
    }

    /// The entries of a mapping node, reporting unknown keys when `allowed` is given.
    mutating func mapping(_ node: SourceNode, _ what: String, allowed: [String]?) -> [SourceNode.Entry]? {
        guard case .mapping(let entries) = node.value else {
            error(at: node, "\(what) must be a mapping, found \(node.kindDescription)", fix: "write 'key: value' lines")
            return nil
        }
        if let allowed {
            for entry in entries where !allowed.contains(entry.key) {
                let place = SourceNode(value: .scalar(entry.key, isPlain: true), line: entry.keyLine, column: entry.keyColumn)
                let hint = Suggestion.closest(to: entry.key, among: allowed).map { "did you mean '\($0)'? " } ?? ""
                error(at: place, "unknown key '\(entry.key)' in \(what)", fix: "\(hint)known keys: \(allowed.joined(separator: ", "))")
            }
        }
        return entries
    }

    mutating func required(_ entries: [SourceNode.Entry], _ key: String, in node: SourceNode, _ what: String) -> SourceNode? {
        if let entry = entries.first(where: { $0.key == key }) { return entry.value }
        error(at: node, "missing '\(key)' (\(what))", fix: "add '\(key): …'")
        return nil
    }

    mutating func string(_ node: SourceNode, _ what: String) -> String? {
        guard case .scalar(let text, _) = node.value else {
            error(at: node, "\(what) must be a single value, found \(node.kindDescription)", fix: "write a plain value")
            return nil
        }
        return text
    }

    mutating func pointer(_ node: SourceNode) -> JSONPointer? {
        guard let text = string(node, "a JSON pointer") else { return nil }
        do {
            return try JSONPointer(parsing: text == "/" ? "" : text)
        } catch {
            self.error(at: node, "'\(text)' is not a JSON pointer: \(error)", fix: "write '/' for the whole body, or e.g. /0/id, /title")
            return nil
        }
    }

    /// The matchers of one `pointer: { kind: operand, … }` entry.
    mutating func matchers(from node: SourceNode, at pointer: JSONPointer, references: inout [(String, SourceNode)]) -> [PlacedMatcher] {
        guard let entries = mapping(node, "a matcher", allowed: Matcher.names) else { return [] }
        var result: [PlacedMatcher] = []
        for entry in entries {
            let operand = YAMLValueReader.value(of: entry.value)
            references += Template.references(in: operand).map { ($0, entry.value) }
            guard let matcher = matcher(entry.key, operand, node: entry.value) else { continue }
            result.append(PlacedMatcher(pointer: pointer, matcher: matcher, location: location(of: entry.value)))
        }
        return result
    }

    private mutating func matcher(_ kind: String, _ operand: JSONValue, node: SourceNode) -> Matcher? {
        switch kind {
        case "type":
            guard let name = operand.stringValue, let type = Matcher.typeNames[name] else {
                error(at: node, "unknown type \(operand.serialized())", fix: "use one of \(Matcher.typeNames.keys.sorted().joined(separator: ", "))")
                return nil
            }
            return .type(type, name: name)
        case "regex":
            guard let pattern = operand.stringValue, (try? Regex(pattern)) != nil else {
                error(at: node, "\(operand.serialized()) is not a valid regular expression", fix: "write a pattern such as '^[0-9a-f-]{36}$'")
                return nil
            }
            return .regex(pattern)
        case "all_match", "any_match", "none_match":
            guard let condition = operand.stringValue, let mode = QueryMatch.Mode(rawValue: kind) else {
                error(at: node, "'\(kind)' takes a condition in the query syntax", fix: "write \(kind): 'views > 10 && status = \"published\"'")
                return nil
            }
            if let problem = ConditionText.syntaxError(in: condition) {
                error(
                    at: node, "'\(kind)' is not a condition: \(problem.message) at character \(problem.offset + 1) of '\(condition)'",
                    fix: problem.hint ?? "write a condition such as 'views > 10 && title ~ \"hello\"'")
                return nil
            }
            return .query(QueryMatch(mode: mode, condition: condition))
        case "equals": return .equals(operand)
        case "not_equals": return .notEquals(operand)
        case "greater_than": return .greaterThan(operand)
        case "less_than": return .lessThan(operand)
        case "contains": return .contains(operand)
        case "present", "absent":
            guard operand == .bool(true) else {
                error(at: node, "'\(kind)' takes true", fix: "write \(kind): true")
                return nil
            }
            return kind == "present" ? .present : .absent
        case "each_like":
            guard let object = operand.objectValue, object.members.allSatisfy({ ["min", "like"].contains($0.key) }) else {
                error(at: node, "'each_like' takes { min: N, like: example }", fix: "write each_like: { min: 1, like: { id: x } }")
                return nil
            }
            let minimum = object["min"]?.numberValue?.int64Value.map(Int.init) ?? 1
            return .eachLike(min: minimum, like: object["like"])
        case "length":
            guard let object = operand.objectValue, object.members.allSatisfy({ ["min", "max"].contains($0.key) }) else {
                error(at: node, "'length' takes { min: N, max: M }", fix: "write length: { min: 1 }")
                return nil
            }
            return .length(
                min: object["min"]?.numberValue?.int64Value.map(Int.init), max: object["max"]?.numberValue?.int64Value.map(Int.init))
        default:
            return nil
        }
    }
}
