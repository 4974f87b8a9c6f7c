public import HTTPTypes

/// A refusal the server decides before a dialect sees the request, rendered by
/// ``Dialect/failureResponse(for:)`` in the dialect's error format.
public enum SimulatorFailure: Sendable, Hashable {
    /// No route matches the path (404).
    case routeNotFound(path: String)
    /// The path exists but not for this method (405); `allowed` lists the methods that are.
    case methodNotAllowed(allowed: [HTTPRequest.Method])
    /// The body is larger than the limit in bytes (413).
    case payloadTooLarge(limit: Int)
    /// The body's content type is not one the dialect reads (415).
    case unsupportedMediaType(received: String?)
    /// A fault rule answers with this status.
    case injectedStatus(HTTPResponse.Status)
    /// A rate-limit fault rule answers 429 with a `Retry-After` of this many seconds.
    case rateLimited(retryAfterSeconds: Int)

    /// The HTTP status that goes with the failure.
    public var status: HTTPResponse.Status {
        switch self {
        case .routeNotFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .payloadTooLarge: .contentTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .injectedStatus(let status): status
        case .rateLimited: .tooManyRequests
        }
    }
}
