internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyJSON

extension MutationAnatomy {
    /// Every mutant of this anatomy: each shared operator at each site the routes offer, then
    /// the dialect's own, sorted by id (ids are unique; a later duplicate is dropped).
    public func mutants() -> [Mutant] {
        var seen = Set<String>()
        let all =
            recordMutants() + listMutants() + parameterMutants() + writeMutants() + errorMutants() + credentialMutants()
        return (all + dialectMutants).filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    /// A mutant of shared operator `mutationOperator` at `site`.
    func mutant(
        _ mutationOperator: MutationOperator, _ site: String, _ behaviour: String, section: String? = nil,
        respond: @escaping Mutant.Responder
    ) -> Mutant {
        Mutant(
            id: "\(prefix)-\(mutationOperator.rawValue):\(String(site.map { $0 == " " ? "_" : $0 }))",
            operatorName: mutationOperator.rawValue,
            behaviour: behaviour, clause: section.map { "\(spec) \($0)" } ?? clause(of: mutationOperator),
            respond: respond)
    }

    /// A mutant that rewrites the successful answers of `routes`.
    func answerMutant(
        _ mutationOperator: MutationOperator, _ site: String, _ behaviour: String, routes: [AnswerRoute],
        _ rewrite: @escaping @Sendable (AnswerRoute, JSONValue) -> JSONValue
    ) -> Mutant {
        mutant(mutationOperator, site, behaviour) { request, _, forward in
            let answer = forward(request)
            guard let route = routes.first(where: { $0.matches(request.method, path: request.path) }) else {
                return answer
            }
            return answer.mappingSuccessBody { rewrite(route, $0) }
        }
    }

    /// A mutant that rewrites the requests of `route` before the real dialect sees them.
    func requestMutant(
        _ mutationOperator: MutationOperator, _ site: String, _ behaviour: String, route: AnswerRoute,
        section: String? = nil, _ rewrite: @escaping @Sendable (DialectRequest) -> DialectRequest
    ) -> Mutant {
        mutant(mutationOperator, site, behaviour, section: section) { request, _, forward in
            forward(route.matches(request.method, path: request.path) ? rewrite(request) : request)
        }
    }

    /// The routes whose answers hold records, by resource, in route order.
    var recordRoutesByResource: [(resource: String, routes: [AnswerRoute])] {
        var order: [String] = []
        var routes: [String: [AnswerRoute]] = [:]
        for route in self.routes where !route.fieldKeys.isEmpty {
            if routes[route.resource] == nil { order.append(route.resource) }
            routes[route.resource, default: []].append(route)
        }
        return order.map { ($0, routes[$0] ?? []) }
    }
}
