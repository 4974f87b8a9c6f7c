internal import Foundation
public import TreatyCore
import TreatyJSON

/// Resolves what a user typed to name an endpoint — `GET /projects/{project_id}/tasks` or a
/// concrete request such as `GET /projects/P1/tasks?updated_after=2025-01-01T00:00:00.000Z` —
/// to the contract's endpoint and the request's values.
public enum EndpointReference {
    /// The check target `text` names in `contract`.
    ///
    /// - Throws: ``CheckSetupError`` when the text is malformed or names no endpoint.
    public static func resolve(_ text: String, in contract: Contract) throws(CheckSetupError) -> CheckTarget {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { throw CheckSetupError.malformedEndpoint(text) }
        let method = parts[0].uppercased()
        let target = String(parts[1]).trimmingCharacters(in: .whitespaces)
        let pathPart = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(pathPart[0])
        let query = pathPart.count > 1 ? parseQuery(String(pathPart[1])) : [:]
        let candidates = contract.endpoints.filter { $0.method == method }
        if let exact = candidates.first(where: { $0.path.description == path }) {
            return .endpoint(exact, request: RequestValues(query: query))
        }
        let matches = candidates.compactMap { endpoint in endpoint.path.match(path).map { (endpoint, $0) } }
        let best = matches.max { literalCount($0.0.path) < literalCount($1.0.path) }
        guard let (endpoint, values) = best else {
            let signatures = contract.endpoints.map(\.signature)
            throw CheckSetupError.unknownEndpoint(
                "\(method) \(path)", suggestion: Suggestion.closest(to: "\(method) \(path)", among: signatures),
                known: signatures)
        }
        return .endpoint(endpoint, request: RequestValues(path: values, query: query))
    }

    private static func literalCount(_ path: PathTemplate) -> Int {
        path.segments.filter {
            if case .literal = $0 { return true }
            return false
        }.count
    }

    static func parseQuery(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(parts[0])
            let value = parts.count > 1 ? PercentDecoding.decode(parts[1]) : ""
            values[name] = value
        }
        return values
    }
}
