internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

/// Generated read-only cases: every readable endpoint is called with real values from the
/// target and its answer checked against every conformance rule.
enum ShapeCase {
    /// The cases for one GET endpoint: the plain request, and for feeds one per sync parameter.
    static func cases(for endpoint: Endpoint, contract: Contract, suite: String) -> [VerificationCase] {
        var cases = [make(endpoint, contract: contract, suite: suite, feed: nil)]
        for parameter in endpoint.since.prefix(1) {
            cases.append(make(endpoint, contract: contract, suite: suite, feed: .timestamp(parameter)))
        }
        for parameter in endpoint.sinceVersion.prefix(1) {
            cases.append(make(endpoint, contract: contract, suite: suite, feed: .version(parameter)))
        }
        return cases
    }

    enum Feed {
        case timestamp(String)
        case version(String)
    }

    private static func make(_ endpoint: Endpoint, contract: Contract, suite: String, feed: Feed?) -> VerificationCase {
        let query: String
        switch feed {
        case .timestamp(let name): query = "?\(name)=…"
        case .version(let name): query = "?\(name)=0"
        case nil: query = ""
        }
        let rules = applicableRules(endpoint, contract: contract, feed: feed)
        return VerificationCase(
            suite: suite, name: "GET \(endpoint.path)\(query) conforms to the contract", rules: rules,
            clauses: clauses(endpoint, contract: contract, feed: feed), location: endpoint.location, writes: false
        ) { context in
            let values = try await ParameterDiscovery(contract: contract, context: context).values(for: endpoint)
            guard let path = endpoint.path.filled(values) else { return }
            var items: [(String, String)] = []
            switch feed {
            case .timestamp(let name):
                items = [(name, try await earliestCursor(endpoint: endpoint, values: values, context: context))]
            case .version(let name):
                items = [(name, "0")]
            case nil:
                break
            }
            let reply = try await context.send(.get, path, query: items)
            if reply.status == 410, feed != nil {
                throw CaseContext.Skip(
                    "the target answered 410: its tombstone retention is shorter than the feed's history")
            }
            try context.require(
                reply, status: endpoint.status, rule: nil, "GET \(endpoint.path) must answer \(endpoint.status)")
            context.checkConformance(
                reply, endpoint: endpoint, path: values, query: Dictionary(items, uniquingKeysWith: { $1 }))
        }
    }

    /// The spec clauses a shape check proves: what every answer's payload must look like, and
    /// what the kind of endpoint answers (a full list, a feed, one record).
    private static func clauses(_ endpoint: Endpoint, contract: Contract, feed: Feed?) -> [String] {
        var clauses = ["RS-ID-1.1", "RS-ID-3.1", "RS-NM-1.1", "RS-NL-1.1", "RS-MD-1.1"]
        let resource = contract.resource(named: endpoint.resource)
        let relations = resource?.fields.compactMap(\.relation) ?? []
        if relations.contains(where: { !$0.many }) { clauses += ["RS-NM-2.1", "RS-SH-2.1"] }
        if relations.contains(where: \.many) { clauses.append("RS-NM-2.2") }
        if !relations.isEmpty { clauses.append("RS-SH-1.1") }
        let scoped = resource?.scope != nil && endpoint.scoped
        switch (endpoint.returns, feed) {
        case (.list, .timestamp?): clauses += ["§Endpoints.3", "RS-IN-2.1", "§11.9"]
        case (.list, .version?): clauses += ["§Endpoints.3", "RS-IN-1.3", "RS-IN-2.1", "§11.1", "§11.9"]
        case (.list, nil): clauses += [scoped ? "§Endpoints.2" : "§Endpoints.1"]
        default: clauses += ["§Endpoints.4"]
        }
        if scoped, endpoint.returns == .list { clauses.append("RS-PS-1.1") }
        return clauses
    }

    /// The payload rules the answer is judged by: those with a checker for the endpoint's plan
    /// (no order field, no RS-OR-1; no feed, no RS-IN-*), and TR-BODY-1, which the engine
    /// always checks.
    private static func applicableRules(_ endpoint: Endpoint, contract: Contract, feed: Feed?) -> [RuleID] {
        var query: [String: String] = [:]
        switch feed {
        case .timestamp(let name): query[name] = "2000-01-01T00:00:00.000Z"
        case .version(let name): query[name] = "0"
        case nil: break
        }
        let path = Dictionary(endpoint.path.parameters.map { ($0, "example") }, uniquingKeysWith: { first, _ in first })
        let target = CheckTarget.endpoint(endpoint, request: RequestValues(path: path, query: query))
        guard let plan = try? CheckPlan(contract: contract, target: target) else {
            return ConformanceRule.recordRules.map(\.id)
        }
        return ConformanceRule.recordRules.filter { rule in
            rule.id == ConformanceRule.responseBody.id || rule.makeChecker(for: plan) != nil
                || rule.makeSequenceChecker(for: plan) != nil
        }.map(\.id)
    }

    /// One millisecond before the oldest `updated_at` of the full list: a cursor whose feed holds
    /// every live record (and every tombstone after it).
    private static func earliestCursor(endpoint: Endpoint, values: [String: String], context: CaseContext) async throws
        -> String
    {
        guard let path = endpoint.path.filled(values),
            let resource = context.contract.resource(named: endpoint.resource),
            let key = resource.sync.updatedAt
        else { return context.timestamp(offsetMilliseconds: -60_000) }
        let full = try await context.send(.get, path)
        let stamps = (full.json?.arrayValue ?? []).compactMap { $0.objectValue?[key]?.stringValue }.compactMap(
            CursorText.milliseconds)
        guard let oldest = stamps.min() else { return context.timestamp(offsetMilliseconds: -60_000) }
        return CursorText.format(oldest - 1)
    }
}

/// Finds concrete values for an endpoint's path parameters on the target: parent ids from the
/// parent's list, record ids from the resource's own list.
struct ParameterDiscovery {
    let contract: Contract
    let context: CaseContext

    func values(for endpoint: Endpoint) async throws -> [String: String] {
        var values: [String: String] = [:]
        guard let resource = contract.resource(named: endpoint.resource) else { return values }
        for parameter in endpoint.path.parameters {
            if let scope = resource.scope, parameter == scope.key {
                values[parameter] = try await firstID(of: scope.parent, at: [:])
            } else if parameter == resource.identity.key || parameter == "id" {
                values[parameter] = try await firstID(of: resource.name, at: values)
            } else {
                throw CaseContext.Skip("no way to find a value for the path parameter {\(parameter)}")
            }
        }
        return values
    }

    private func firstID(of resourceName: String, at values: [String: String]) async throws -> String {
        let list = contract.endpoints.first { endpoint in
            endpoint.resource == resourceName && endpoint.method == "GET" && endpoint.returns == .list
                && Set(endpoint.path.parameters).isSubset(of: Set(values.keys)) && endpoint.scoped
        }
        guard let list, let path = list.path.filled(values) else {
            throw CaseContext.Skip("the contract lists no '\(resourceName)' records to take an id from")
        }
        let reply = try await context.send(.get, path)
        try context.require(reply, status: list.status, rule: nil, "listing '\(resourceName)' records to find an id")
        let key = contract.resource(named: resourceName)?.identity.key ?? "id"
        guard let first = reply.json?.arrayValue?.first?.objectValue?[key] else {
            throw CaseContext.Skip("the target has no '\(resourceName)' record to read")
        }
        return first.stringValue ?? first.serialized()
    }
}
