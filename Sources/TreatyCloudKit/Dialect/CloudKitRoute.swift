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
        // Split on the UTF-8 bytes: every request comes through here, and Character-level
        // splitting (grapheme breaking) cost more than the rest of a kept lookup.
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        let parts = bytes.split(separator: slash, maxSplits: 5, omittingEmptySubsequences: true)
        func text(_ index: Int) -> String { String(decoding: parts[index], as: UTF8.self) }
        guard parts.count == 6, parts[0].elementsEqual("database".utf8), parts[1].elementsEqual("1".utf8) else {
            return nil
        }
        guard let environment = CloudKitEnvironment(rawValue: text(3)) else {
            throw CloudKitError.badRequest("unknown environment '\(text(3))'; use development or production")
        }
        guard let database = CloudKitDatabase(rawValue: text(4)) else {
            throw CloudKitError.badRequest("unknown database '\(text(4))'; use public, private or shared")
        }
        var operation = parts[5][...]
        while operation.last == slash { operation = operation.dropLast() }
        return CloudKitRoute(
            container: text(2), environment: environment, database: database,
            operation: String(decoding: operation, as: UTF8.self))
    }

    /// The operations and the methods each takes.
    static let operations: [String: [HTTPRequest.Method]] = [
        "records/modify": [.post], "records/query": [.post], "records/lookup": [.post], "records/changes": [.post],
        "records/resolve": [.post], "zones/list": [.get], "zones/lookup": [.post], "zones/modify": [.post],
        "zones/changes": [.post], "changes/database": [.post], "changes/zone": [.post], "users/current": [.get],
        "users/caller": [.get], "users/discover": [.get, .post], "users/lookup/email": [.post],
        "users/lookup/id": [.post], "assets/upload": [.post], "tokens/create": [.post],
    ]

    /// Whether the operation is one of the user operations, which need a signed-in user.
    var isUserOperation: Bool { operation.hasPrefix("users/") }

    /// Whether the operation writes.
    var isWrite: Bool {
        ["records/modify", "zones/modify", "assets/upload"].contains(operation)
    }
}
