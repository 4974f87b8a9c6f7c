import HTTPTypes
import TreatyCore

/// Matches request paths against a contract's endpoints.
struct RESTRouter: Sendable {
    /// A matched endpoint and its path parameter values (percent-decoded).
    struct Match {
        let endpoint: Endpoint
        let parameters: [String: String]
    }

    /// What matching a request found.
    enum Outcome {
        case matched(Match)
        /// The path exists, but not for this method; the methods that do serve it.
        case methodNotAllowed([String])
        case notFound
    }

    let endpoints: [Endpoint]
    /// How many literal segments each endpoint's path has (more literals win a tie).
    private let literalCounts: [Int]

    init(endpoints: [Endpoint]) {
        self.endpoints = endpoints
        literalCounts = endpoints.map { endpoint in
            endpoint.path.segments.filter {
                if case .literal = $0 { return true }
                return false
            }.count
        }
    }

    func route(method: String, path: String) -> Outcome {
        var allowed: [String] = []
        var best: (endpoint: Endpoint, literals: Int)?
        for (endpoint, literals) in zip(endpoints, literalCounts) where endpoint.path.matches(path) {
            guard endpoint.method == method else {
                if !allowed.contains(endpoint.method) { allowed.append(endpoint.method) }
                continue
            }
            if literals > (best?.literals ?? -1) { best = (endpoint, literals) }
        }
        if let best, let parameters = best.endpoint.path.match(path) {
            return .matched(Match(endpoint: best.endpoint, parameters: parameters))
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }
}
