import TreatyJSON

/// Decoding `routes:`, the stub routes outside the dialect (see ``StubRoute``).
extension ContractDecoder {
    static let routeKeys = ["method", "path", "match", "answer", "answers", "then"]
    static let matchKeys = ["query", "headers", "body"]
    static let answerKeys = ["status", "headers", "body"]
    static let conditionKeys = ["equals", "contains", "regex", "present"]

    mutating func decodeRoutes(_ node: SourceNode) -> [StubRoute] {
        guard case .sequence(let items) = node.value else {
            context.report(
                "invalid-value", "'routes' must be a list, found \(node.kindDescription)", at: node,
                fix: "write each route as '- { method: GET, path: /health, answer: { status: 200 } }'")
            return []
        }
        return items.compactMap { decodeRoute($0) }
    }

    private mutating func decodeRoute(_ node: SourceNode) -> StubRoute? {
        guard let entries = context.mapping(node, allowed: Self.routeKeys, in: "a route") else { return nil }
        let method = requiredString(entries, "method", in: "the route", fix: "add 'method: GET'")
        let pathText = requiredString(entries, "path", in: "the route", fix: "add 'path: /…'")
        guard let method, let pathText else { return nil }
        guard Self.methods.contains(method) else {
            context.report(
                "invalid-value", "unknown HTTP method '\(method)'", at: entries["method"] ?? node,
                details: Suggestion.closest(to: method, among: Self.methods).map { ["did you mean '\($0)'?"] } ?? [],
                fix: "use one of: \(Self.methods.joined(separator: ", ")) (upper-case)")
            return nil
        }
        guard let path = PathTemplate(pathText) else {
            context.report(
                "invalid-path", "path '\(pathText)' is not a valid template", at: entries["path"] ?? node,
                fix: "start with '/', no empty segments, parameters as whole segments like '{id}'")
            return nil
        }
        var route = StubRoute(method: method, path: path, answers: [], location: context.location(of: node))
        if let match = entries["match"], let matchers = context.mapping(match, allowed: Self.matchKeys, in: "'match'") {
            route.query = matchers["query"].map { decodeMatchers($0, in: "'match.query'", keys: .names) } ?? []
            route.headers =
                matchers["headers"].map { decodeMatchers($0, in: "'match.headers'", keys: .headerNames) } ?? []
            route.body = matchers["body"].map { decodeMatchers($0, in: "'match.body'", keys: .pointers) } ?? []
        }
        switch (entries["answer"], entries["answers"]) {
        case (let single?, nil):
            route.answers = decodeAnswer(single).map { [$0] } ?? []
        case (nil, let sequence?):
            guard case .sequence(let items) = sequence.value, !items.isEmpty else {
                context.report(
                    "invalid-value", "'answers' must be a non-empty list, found \(sequence.kindDescription)",
                    at: sequence, fix: "list the answers in call order, or use 'answer:' for a fixed one")
                return nil
            }
            route.answers = items.compactMap { decodeAnswer($0) }
        case (_?, _?):
            context.report(
                "invalid-value", "a route has 'answer' or 'answers', not both", at: node,
                fix: "keep 'answer:' for a fixed answer, or 'answers:' for a sequence")
            return nil
        case (nil, nil):
            context.report(
                "missing-key", "the route \(method) \(pathText) has no answer", at: node,
                fix: "add 'answer: { status: 200, body: … }'")
            return nil
        }
        if let then = entries["then"], let afterLast = context.choice(then, "'then'", as: StubRoute.AfterLast.self) {
            route.afterLast = afterLast
        }
        return route.answers.isEmpty ? nil : route
    }

    private enum MatcherKeys {
        case names, headerNames, pointers
    }

    private mutating func decodeMatchers(_ node: SourceNode, in what: String, keys: MatcherKeys) -> [StubMatcher] {
        guard case .mapping(let entries) = node.value else {
            context.report("invalid-value", "\(what) must be a mapping, found \(node.kindDescription)", at: node)
            return []
        }
        var matchers: [StubMatcher] = []
        for entry in entries {
            var key = entry.key
            switch keys {
            case .names: break
            case .headerNames: key = key.lowercased()
            case .pointers:
                guard key.isEmpty || key.hasPrefix("/") else {
                    context.report(
                        "invalid-value", "'\(key)' in \(what) is not a JSON pointer", line: entry.keyLine,
                        column: entry.keyColumn, fix: "write a pointer such as '/\(key)'")
                    continue
                }
            }
            if let condition = decodeCondition(entry.value, in: "'\(entry.key)' in \(what)") {
                matchers.append(StubMatcher(key: key, condition: condition))
            }
        }
        return matchers
    }

    private mutating func decodeCondition(_ node: SourceNode, in what: String) -> StubMatcher.Condition? {
        guard let entries = context.mapping(node, allowed: Self.conditionKeys, in: what) else { return nil }
        guard entries.entries.count == 1, let entry = entries.entries.first else {
            context.report(
                "invalid-value", "\(what) needs exactly one condition", at: node,
                fix: "use one of: equals, contains, regex, present")
            return nil
        }
        switch entry.key {
        case "equals":
            return .equals(YAMLValueReader.value(of: entry.value))
        case "contains":
            return context.string(entry.value, "'contains'").map { .contains($0) }
        case "present":
            return context.bool(entry.value, "'present'").map { .present($0) }
        default:
            guard let pattern = context.string(entry.value, "'regex'") else { return nil }
            do {
                _ = try Regex(pattern)
            } catch {
                context.report(
                    "invalid-value", "'\(pattern)' is not a regular expression: \(error)", at: entry.value,
                    fix: "write a regular expression such as '^order\\.'")
                return nil
            }
            return .regex(pattern)
        }
    }

    private mutating func decodeAnswer(_ node: SourceNode) -> StubAnswer? {
        guard let entries = context.mapping(node, allowed: Self.answerKeys, in: "an answer") else { return nil }
        var answer = StubAnswer(status: 200)
        if let status = entries["status"] {
            guard let code = context.int(status, "'status'") else { return nil }
            guard (100...599).contains(code) else {
                context.report("invalid-value", "status \(code) is not an HTTP status", at: status, fix: "use 100…599")
                return nil
            }
            answer.status = code
        }
        if let headers = entries["headers"] {
            guard case .mapping(let fields) = headers.value else {
                context.report(
                    "invalid-value", "'headers' must be a mapping, found \(headers.kindDescription)", at: headers)
                return nil
            }
            for field in fields {
                guard let value = context.string(field.value, "header '\(field.key)'") else { continue }
                answer.headers.append(StubHeader(name: field.key, value: value))
            }
        }
        answer.body = entries["body"].map { YAMLValueReader.value(of: $0) }
        return answer
    }
}
