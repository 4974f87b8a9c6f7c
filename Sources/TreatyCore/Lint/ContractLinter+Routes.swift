extension ContractLinter {
    /// Stub routes that can never answer: one that shadows an endpoint of the contract (it is
    /// tried first, so the dialect never sees those requests), and one an earlier route with no
    /// matchers already answers.
    func lintRoutes(of contract: Contract, into findings: inout LintFindings) {
        var unconditional: [String: StubRoute] = [:]
        for route in contract.routes {
            let key = "\(route.method) \(route.path.shape)"
            if let endpoint = contract.endpoints.first(where: { "\($0.method) \($0.path.shape)" == key }) {
                findings.warning(
                    "route-shadows-endpoint",
                    "the route \(route.signature) is tried before the dialect, so it answers every request of the endpoint \(endpoint.signature) its matchers accept",
                    at: route.location,
                    fix: "add matchers that leave the endpoint's requests alone, or remove the route")
            }
            if let earlier = unconditional[key] {
                findings.warning(
                    "route-unreachable",
                    "the route \(route.signature) never answers: the route at line \(earlier.location?.line ?? 0) has no matchers and takes its requests first",
                    at: route.location, fix: "move this route above it, or add matchers to the earlier one")
            } else if route.query.isEmpty && route.headers.isEmpty && route.body.isEmpty {
                unconditional[key] = route
            }
        }
    }
}
