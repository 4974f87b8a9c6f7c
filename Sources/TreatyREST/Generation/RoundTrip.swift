internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// How generated round-trip cases are declared: the rules a case proves, its name, the spec
/// clauses it proves (ids of ``TreatyDialectKit/SpecClause``), the routes it needs, and what it
/// does with a prepared ``Workbench``.
struct RoundTrip: Sendable {
    let rules: [RuleID]
    let title: String
    let clauses: [String]
    let needs: [ResourceRoutes.Role]
    let applies: @Sendable (ResourceRoutes) -> Bool
    let run: @Sendable (Workbench) async throws -> Void

    init(
        _ rules: [RuleID],
        _ title: String,
        clauses: [String] = [],
        needs: [ResourceRoutes.Role],
        applies: @escaping @Sendable (ResourceRoutes) -> Bool = { _ in true },
        run: @escaping @Sendable (Workbench) async throws -> Void
    ) {
        self.rules = rules
        self.title = title
        self.clauses = clauses
        self.needs = needs
        self.applies = applies
        self.run = run
    }

    /// The case for `routes`, or `nil` when the contract lacks an endpoint it needs or the
    /// resource has nothing it tests.
    func makeCase(for routes: ResourceRoutes, suite: String) -> VerificationCase? {
        guard needs.allSatisfy({ routes.endpoint($0) != nil }), applies(routes) else { return nil }
        let name = "\(rules.map(\.rawValue).joined(separator: ", ")) \(routes.resource.name): \(title)"
        let run = self.run
        return VerificationCase(
            suite: suite, name: name, rules: rules, clauses: clauses, location: routes.create?.location ?? routes.resource.location,
            writes: true
        ) { context in
            let bench = try await Workbench.prepare(routes, context: context)
            try await run(bench)
        }
    }

    /// Every generated round trip, in report order.
    static let all: [RoundTrip] =
        nullSemantics + createRules + scopeRules + metadataRules + syncRules + coverageRules + strictnessRules
        + clauseRules + uploadRules + mutationRules
}

extension Workbench {
    /// Keys whose values differ between two stored versions of a record, ignoring `except`.
    func changedKeys(_ before: JSONObject, _ after: JSONObject, except: Set<String>) -> [String] {
        let keys = before.members.map(\.key) + after.members.map(\.key).filter { !before.containsKey($0) }
        return keys.filter { !except.contains($0) && before[$0] != after[$0] }
    }

    /// The keys the server owns and bumps on every write.
    var metadataKeys: Set<String> {
        Set([resource.sync.updatedAt, resource.sync.version].compactMap { $0 })
    }

    /// A short rendering of a value for messages.
    static func show(_ value: JSONValue?) -> String {
        guard let value else { return "missing" }
        let text = value.serialized()
        return text.count > 120 ? String(text.prefix(117)) + "…" : text
    }
}
