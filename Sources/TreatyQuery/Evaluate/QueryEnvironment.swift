import Foundation
public import TreatyJSON

/// What a query may read besides records: the clock for date macros, and the request context
/// for `@request.*` paths.
public struct QueryEnvironment: Sendable, Hashable {
    /// The clock reading macros such as `@now` resolve against, in milliseconds since 1970 (UTC).
    public var now: Int64
    /// The request context `@request.*` paths read (`{"auth": {"id": "…"}, "body": {…}}`).
    public var request: JSONObject

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - now: The clock reading, in milliseconds since 1970 (UTC).
    ///   - request: The request context.
    public init(now: Int64, request: JSONObject = [:]) {
        self.now = now
        self.request = request
    }

    /// An environment reading the system clock, with an empty request context.
    public static var current: QueryEnvironment {
        QueryEnvironment(now: Int64((Date().timeIntervalSince1970 * 1000).rounded()))
    }
}
