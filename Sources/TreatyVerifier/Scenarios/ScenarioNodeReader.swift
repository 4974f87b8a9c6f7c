internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// Walks a scenario file's located nodes, building the suite and collecting diagnostics.
struct ScenarioNodeReader {
    let file: String
    let text: String
    var diagnostics: [Diagnostic] = []

    init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    mutating func suite(from root: SourceNode) -> VerificationSuite? {
        guard let entries = mapping(root, "the file", allowed: ["suite", "scenarios"]) else { return nil }
        let fallback = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let name = entries.first { $0.key == "suite" }.flatMap { string($0.value, "suite") } ?? fallback
        guard let list = required(entries, "scenarios", in: root, "a list of scenarios") else { return nil }
        guard case .sequence(let items) = list.value else {
            error(at: list, "'scenarios' must be a list, found \(list.kindDescription)", fix: "write '- name: …' items under 'scenarios:'")
            return nil
        }
        var cases: [VerificationCase] = []
        var names: Set<String> = []
        for item in items {
            guard let scenario = scenario(from: item) else { continue }
            if !names.insert(scenario.name).inserted {
                error(at: item, "duplicate scenario name '\(scenario.name)'", fix: "give every scenario of a suite its own name")
            }
            cases.append(ScenarioRunner.verificationCase(for: scenario, suite: name))
        }
        return VerificationSuite(name: name, file: file, cases: cases)
    }

    private mutating func scenario(from node: SourceNode) -> Scenario? {
        guard let entries = mapping(node, "a scenario", allowed: ["name", "rules", "steps"]) else { return nil }
        guard let nameNode = required(entries, "name", in: node, "a name"), let name = string(nameNode, "name") else { return nil }
        var rules: [RuleID] = []
        if let rulesNode = entries.first(where: { $0.key == "rules" })?.value {
            if case .sequence(let items) = rulesNode.value {
                rules = items.compactMap { string($0, "a rule id") }.map { RuleID(rawValue: $0) }
            } else {
                error(at: rulesNode, "'rules' must be a list of rule ids, found \(rulesNode.kindDescription)", fix: "write rules: [RS-NL-2]")
            }
        }
        guard let stepsNode = required(entries, "steps", in: node, "a list of steps") else { return nil }
        guard case .sequence(let items) = stepsNode.value, !items.isEmpty else {
            error(at: stepsNode, "'steps' must be a non-empty list, found \(stepsNode.kindDescription)", fix: "write '- request: …' items under 'steps:'")
            return nil
        }
        var captured: Set<String> = []
        var steps: [ScenarioStep] = []
        for item in items {
            guard let step = step(from: item, captured: captured) else { continue }
            captured.formUnion(step.captures.map(\.name))
            steps.append(step)
        }
        guard steps.count == items.count else { return nil }
        return Scenario(name: name, rules: rules, location: location(of: node), steps: steps)
    }

    private mutating func step(from node: SourceNode, captured: Set<String>) -> ScenarioStep? {
        guard let entries = mapping(node, "a step", allowed: ["name", "request", "expect", "capture"]) else { return nil }
        let name = entries.first { $0.key == "name" }.flatMap { string($0.value, "name") }
        guard let requestNode = required(entries, "request", in: node, "a request"),
            let request = mapping(requestNode, "'request'", allowed: ["method", "path", "query", "headers", "body"])
        else { return nil }
        guard let methodNode = required(request, "method", in: requestNode, "a method"), let methodText = string(methodNode, "method")
        else { return nil }
        let knownMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
        guard knownMethods.contains(methodText.uppercased()), let method = HTTPRequest.Method(methodText.uppercased()) else {
            error(at: methodNode, "unknown method '\(methodText)'", fix: "use one of \(knownMethods.joined(separator: ", "))")
            return nil
        }
        guard let pathNode = required(request, "path", in: requestNode, "a path"), let path = string(pathNode, "path") else { return nil }
        guard path.hasPrefix("/") else {
            error(at: pathNode, "the path '\(path)' must start with '/'", fix: "write the path relative to the target's base URL, e.g. /projects")
            return nil
        }
        var references: [(String, SourceNode)] = Template(text: path).references.map { ($0, pathNode) }
        var query: [(name: String, value: Template)] = []
        if let queryNode = request.first(where: { $0.key == "query" })?.value, let items = mapping(queryNode, "'query'", allowed: nil) {
            for item in items {
                let value = YAMLValueReader.value(of: item.value)
                let text = value.stringValue ?? value.serialized()
                references += Template(text: text).references.map { ($0, item.value) }
                query.append((item.key, Template(text: text)))
            }
        }
        var headers: [(name: HTTPField.Name, value: Template)] = []
        if let headersNode = request.first(where: { $0.key == "headers" })?.value, let items = mapping(headersNode, "'headers'", allowed: nil) {
            for item in items {
                guard let fieldName = HTTPField.Name(item.key), let value = string(item.value, "header '\(item.key)'") else {
                    error(at: item.value, "'\(item.key)' is not a valid header name", fix: "use letters, digits and '-'")
                    continue
                }
                references += Template(text: value).references.map { ($0, item.value) }
                headers.append((fieldName, Template(text: value)))
            }
        }
        let bodyNode = request.first { $0.key == "body" }?.value
        let body = bodyNode.map(YAMLValueReader.value(of:))
        if let body, let bodyNode { references += Template.references(in: body).map { ($0, bodyNode) } }
        var expectation = StepExpectation()
        if let expectNode = entries.first(where: { $0.key == "expect" })?.value {
            expectation = expect(from: expectNode, references: &references)
        }
        var captures: [(name: String, pointer: JSONPointer)] = []
        if let captureNode = entries.first(where: { $0.key == "capture" })?.value, let items = mapping(captureNode, "'capture'", allowed: nil) {
            for item in items {
                guard let pointer = pointer(item.value) else { continue }
                if Captures.builtIns.contains(item.key) || item.key.contains(".") {
                    error(at: item.value, "'\(item.key)' cannot be a capture name", fix: "pick a name without dots that is not uuid or now")
                }
                captures.append((item.key, pointer))
            }
        }
        for (reference, place) in references {
            let root = String(reference.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
            guard !Captures.builtIns.contains(reference), !captured.contains(root) else { continue }
            let known = Array(captured) + Array(Captures.builtIns)
            let hint = Suggestion.closest(to: root, among: known).map { "did you mean '\($0)'? " } ?? ""
            error(at: place, "{{\(reference)}} refers to '\(root)', which no earlier step captures", fix: "\(hint)capture it in an earlier step ('capture: { \(root): /… }'), or use {{uuid}} or {{now}}")
        }
        return ScenarioStep(
            name: name, location: location(of: node), method: method, path: Template(text: path), query: query, headers: headers,
            body: body, expectedStatus: expectation.status, conforms: expectation.conforms, matchers: expectation.matchers,
            captures: captures)
    }

    struct StepExpectation {
        var status: Int?
        var conforms = true
        var matchers: [PlacedMatcher] = []
    }

    private mutating func expect(from node: SourceNode, references: inout [(String, SourceNode)]) -> StepExpectation {
        var expectation = StepExpectation()
        guard let entries = mapping(node, "'expect'", allowed: ["status", "conforms", "body"]) else { return expectation }
        for entry in entries {
            switch entry.key {
            case "status":
                guard let text = string(entry.value, "status"), let code = Int(text), (100...599).contains(code) else {
                    error(at: entry.value, "'status' must be an HTTP status between 100 and 599", fix: "write e.g. status: 201")
                    continue
                }
                expectation.status = code
            case "conforms":
                guard case .scalar(let text, true) = entry.value.value, let flag = ["true": true, "false": false][text] else {
                    error(at: entry.value, "'conforms' must be true or false", fix: "write conforms: false to skip the contract check")
                    continue
                }
                expectation.conforms = flag
            default:
                guard let items = mapping(entry.value, "'body'", allowed: nil) else { continue }
                for item in items {
                    let place = SourceNode(value: .scalar(item.key, isPlain: true), line: item.keyLine, column: item.keyColumn)
                    guard let pointer = pointer(place) else { continue }
                    expectation.matchers += matchers(from: item.value, at: pointer, references: &references)
                }
            }
        }
        return expectation
    }
}
