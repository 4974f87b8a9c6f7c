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

    func route(method: String, path: String) -> Outcome {
        var allowed: [String] = []
        var best: (match: Match, literals: Int)?
        for endpoint in endpoints {
            guard let values = endpoint.path.match(path) else { continue }
            guard endpoint.method == method else {
                if !allowed.contains(endpoint.method) { allowed.append(endpoint.method) }
                continue
            }
            let literals = endpoint.path.segments.filter {
                if case .literal = $0 { return true }
                return false
            }.count
            if literals > (best?.literals ?? -1) { best = (Match(endpoint: endpoint, parameters: values), literals) }
        }
        if let best { return .matched(best.match) }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }
}
