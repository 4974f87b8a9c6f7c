internal import HTTPTypes

/// A request path taken apart: `/database/1/{container}/{environment}/{database}/{operation}`.
struct CloudKitRoute: Sendable, Hashable {
    var container: String
    var environment: CloudKitEnvironment
    var database: CloudKitDatabase
    /// The operation, e.g. `records/modify`.
    var operation: String

    /// The parts of `path`; `nil` when it is not a CloudKit database URL.
    ///
    /// - Throws: BAD_REQUEST for an unknown environment or database.
    static func parse(_ path: String) throws(CloudKitError) -> CloudKitRoute? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 6, parts[0] == "database", parts[1] == "1" else { return nil }
        guard let environment = CloudKitEnvironment(rawValue: String(parts[3])) else {
            throw CloudKitError.badRequest("unknown environment '\(parts[3])'; use development or production")
        }
        guard let database = CloudKitDatabase(rawValue: String(parts[4])) else {
            throw CloudKitError.badRequest("unknown database '\(parts[4])'; use public, private or shared")
        }
        return CloudKitRoute(
            container: String(parts[2]), environment: environment, database: database,
            operation: parts[5...].joined(separator: "/"))
    }

    /// The operations and the method each takes.
    static let operations: [String: HTTPRequest.Method] = [
        "records/modify": .post, "records/query": .post, "records/lookup": .post, "records/changes": .post,
        "records/resolve": .post, "zones/list": .get, "zones/lookup": .post, "zones/modify": .post,
        "zones/changes": .post, "changes/database": .post, "changes/zone": .post, "users/current": .get,
        "assets/upload": .post, "tokens/create": .post,
    ]

    /// Whether the operation writes.
    var isWrite: Bool {
        ["records/modify", "zones/modify", "assets/upload"].contains(operation)
    }
}
