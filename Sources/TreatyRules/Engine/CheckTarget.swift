public import TreatyCore

/// What a payload is checked as: the response of one endpoint, or bare records of a resource.
public enum CheckTarget: Sendable, Hashable {
    /// A response of `endpoint`, for a request with these path and query values.
    case endpoint(Endpoint, request: RequestValues = RequestValues())
    /// Bare records of a resource, with no endpoint rules (scope, ordering, feeds).
    case resource(String)
}

/// The concrete values of a request, when known: they let rules compare records with the path
/// (`GET /projects/P1/tasks` → every item has `project_id` P1) and the query
/// (`?updated_after=…`).
public struct RequestValues: Sendable, Hashable {
    /// Path parameter values by name.
    public var path: [String: String]
    /// Query parameter values by name.
    public var query: [String: String]

    /// Creates request values.
    public init(path: [String: String] = [:], query: [String: String] = [:]) {
        self.path = path
        self.query = query
    }
}
