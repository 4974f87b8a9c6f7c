internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON

/// Runs a scenario's steps in order: fills placeholders, sends the request, checks the status,
/// the contract and the matchers, then captures values for later steps.
struct ScenarioRunner {
    let scenario: Scenario

    /// The case that runs `scenario` as part of `suite`.
    static func verificationCase(for scenario: Scenario, suite: String) -> VerificationCase {
        VerificationCase(
            suite: suite, name: scenario.name, rules: scenario.rules, location: scenario.location,
            writes: scenario.writes
        ) { context in
            try await ScenarioRunner(scenario: scenario).run(in: context)
        }
    }

    func run(in context: CaseContext) async throws {
        var captures = Captures()
        for (index, step) in scenario.steps.enumerated() {
            let label = "step \(index + 1) (\(step.title), line \(step.location.line ?? 0))"
            let path: String
            let query: [(String, String)]
            var headers = HTTPFields()
            let body: JSONValue?
            do {
                path = try step.path.render(captures)
                var items: [(String, String)] = []
                for item in step.query { items.append((item.name, try item.value.render(captures))) }
                query = items
                for header in step.headers { headers[header.name] = try header.value.render(captures) }
                body = try step.body.map { value throws(TemplateError) in try Template.render(value, captures) }
            } catch {
                context.record(Finding(category: .harnessError, summary: "\(label): \(error)"))
                throw CaseContext.Stop()
            }
            let reply = try await context.send(step.method, path, query: query, headers: headers, body: body)
            if let status = step.expectedStatus {
                try context.require(reply, status: status, rule: nil, "\(label) expects status \(status)")
            }
            if step.conforms { checkContract(reply, step: step, path: path, query: query, context: context) }
            for placed in step.matchers {
                let value = reply.json.flatMap { placed.pointer.resolve(in: $0) }
                let problem: String?
                do {
                    problem = try placed.matcher.mismatch(value, captures: captures)
                } catch {
                    context.record(Finding(category: .harnessError, summary: "\(label): \(error)"))
                    continue
                }
                if let problem {
                    context.record(
                        Finding(
                            rule: scenario.rules.first, category: .bodyMismatch, pointer: placed.pointer,
                            summary: "\(reply.request): \(problem)",
                            detail: "\(label), matcher at \(placed.location)"))
                }
            }
            for capture in step.captures {
                guard let value = reply.json.flatMap({ capture.pointer.resolve(in: $0) }) else {
                    context.record(
                        Finding(
                            category: .bodyMismatch, pointer: capture.pointer,
                            summary: "\(label): nothing at \(capture.pointer.description.isEmpty ? "/" : capture.pointer.description) to capture as '\(capture.name)'"))
                    throw CaseContext.Stop()
                }
                captures.values[capture.name] = value
            }
        }
    }

    /// Checks the answer against the contract endpoint the request matches, when it matches
    /// one and answered that endpoint's success status; a successful answer no declared endpoint
    /// describes goes to the dialect's payload checker (records of a collection or a layout),
    /// when it knows the route.
    private func checkContract(_ reply: Reply, step: ScenarioStep, path: String, query: [(String, String)], context: CaseContext) {
        let contract = context.contract
        let matches = contract.endpoints.compactMap { endpoint -> (Endpoint, [String: String])? in
            guard endpoint.method == step.method.rawValue, let values = endpoint.path.match(path) else { return nil }
            return (endpoint, values)
        }
        guard let (endpoint, values) = matches.min(by: { $0.0.path.parameters.count < $1.0.path.parameters.count })
        else {
            if (200..<300).contains(reply.status) {
                let items = query.map { QueryItem(name: $0.0, value: $0.1) }
                context.checkAnswer(
                    reply, as: .endpoint(EndpointRequest(parsing: "\(step.method.rawValue) \(path)\(QueryEncoding.encode(items))")))
            }
            return
        }
        guard reply.status == endpoint.status, endpoint.returns != .none else { return }
        context.checkConformance(reply, endpoint: endpoint, path: values, query: Dictionary(query, uniquingKeysWith: { $1 }))
    }
}
