import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON

/// Answers a contract's stub routes (``TreatyCore/StubRoute``) before the dialect, keeps each
/// route's place in its answer sequence, and explains near misses.
final class StubRouter: Sendable {
    let routes: [StubRoute]
    /// The contract's endpoints, candidates of a near-miss report beside the routes.
    let endpoints: [Endpoint]
    /// How many times each route answered.
    private let calls: Mutex<[Int]>

    init(routes: [StubRoute], endpoints: [Endpoint]) {
        self.routes = routes
        self.endpoints = endpoints
        calls = Mutex(Array(repeating: 0, count: routes.count))
    }

    /// The answer of the first route that accepts `request`, or `nil` when none does.
    func answer(_ request: DialectRequest) -> DialectResponse? {
        guard !routes.isEmpty else { return nil }
        let incoming = StubRequest(request)
        for (index, route) in routes.enumerated() {
            guard let values = route.path.match(request.path), incoming.mismatches(route).isEmpty else { continue }
            let call = calls.withLock { counts in
                defer { counts[index] += 1 }
                return counts[index]
            }
            let position =
                switch route.afterLast {
                case .repeatLast: min(call, route.answers.count - 1)
                case .cycle: call % route.answers.count
                }
            return StubTemplate(request: incoming, pathValues: values).render(route.answers[position])
        }
        return nil
    }

    /// Whether an endpoint of the contract accepts `request`'s method and path (then it is the
    /// dialect's traffic, not a route outside it).
    func endpointAccepts(_ request: DialectRequest) -> Bool {
        let incoming = StubRequest(request)
        return endpoints.contains { incoming.mismatches(method: $0.method, path: $0.path).isEmpty }
    }

    /// Starts every route's answer sequence over (on `/__treaty/reset`).
    func reset() {
        calls.withLock { counts in counts = Array(repeating: 0, count: counts.count) }
    }

    /// The routes and endpoints closest to `request`, each with why it did not match; at most
    /// `limit`, closest first. Empty when one of them accepts it (then the record, not the
    /// route, was missing).
    func nearMisses(_ request: DialectRequest, limit: Int = 3) -> [NearMiss] {
        let incoming = StubRequest(request)
        var candidates: [(score: Int, distance: Int, miss: NearMiss)] = []
        for route in routes {
            let reasons = incoming.mismatches(route)
            candidates.append(
                (
                    Self.score(reasons), incoming.pathDistance(route.path),
                    NearMiss(candidate: route.signature, kind: .stubRoute, reasons: reasons)
                ))
        }
        for endpoint in endpoints {
            let reasons = incoming.mismatches(method: endpoint.method, path: endpoint.path)
            candidates.append(
                (
                    Self.score(reasons), incoming.pathDistance(endpoint.path),
                    NearMiss(candidate: "\(endpoint.method) \(endpoint.path)", kind: .endpoint, reasons: reasons)
                ))
        }
        // A request some endpoint accepts was refused for its record, not its route.
        guard !candidates.contains(where: { $0.miss.reasons.isEmpty }) else { return [] }
        return
            candidates
            .filter { !$0.miss.reasons.isEmpty && $0.score <= NearMiss.farthest }
            .sorted { ($0.score, $0.distance, $0.miss.candidate) < ($1.score, $1.distance, $1.miss.candidate) }
            .prefix(limit)
            .map(\.miss)
    }

    /// How far a candidate is: each reason counts one, a path of another length three.
    private static func score(_ reasons: [String]) -> Int {
        reasons.reduce(0) { $0 + ($1.hasPrefix(StubRequest.lengthReasonPrefix) ? 3 : 1) }
    }
}

/// A route or endpoint that almost matched a request nothing answered, and why not.
public struct NearMiss: Sendable, Hashable {
    /// What the candidate is.
    public enum Kind: String, Sendable, Hashable {
        /// A stub route of the contract's `routes:`.
        case stubRoute = "route"
        /// An endpoint of the contract's `endpoints:`.
        case endpoint
    }

    /// The candidate, `METHOD /template`.
    public var candidate: String
    /// Whether it is a stub route or an endpoint.
    public var kind: Kind
    /// Each difference, e.g. `path segment 2: expected 'tasks', got 'task'`.
    public var reasons: [String]

    /// The largest distance still reported as near.
    static let farthest = 4
}
