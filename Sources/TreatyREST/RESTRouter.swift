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
        var best: (index: Int, literals: Int)?
        // By index: iterating the endpoints themselves copied (retained and released) every
        // endpoint for every request.
        for index in endpoints.indices where endpoints[index].path.matches(path) {
            guard endpoints[index].method == method else {
                if !allowed.contains(endpoints[index].method) { allowed.append(endpoints[index].method) }
                continue
            }
            if literalCounts[index] > (best?.literals ?? -1) { best = (index, literalCounts[index]) }
        }
        if let best, let parameters = endpoints[best.index].path.match(path) {
            return .matched(Match(endpoint: endpoints[best.index], parameters: parameters))
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }
}
