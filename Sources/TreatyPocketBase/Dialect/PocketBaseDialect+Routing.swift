import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// The auth routes under `/api/collections/{c}/`.
    static let authRoutes: Set<String> = [
        "auth-methods", "auth-with-password", "auth-refresh", "request-otp", "auth-with-otp", "auth-with-oauth2",
        "request-password-reset", "confirm-password-reset", "request-verification", "confirm-verification",
        "request-email-change", "confirm-email-change", "impersonate",
    ]

    /// Dispatches a request to its handler.
    func route(_ call: PocketBaseCall) throws(PocketBaseErrorResponse) -> DialectResponse {
        let segments = call.request.path.split(separator: "/", omittingEmptySubsequences: true).map {
            PercentDecoding.decode($0)
        }
        let method = call.request.method
        guard segments.first == "api" else { throw .fileNotFound }
        let rest = Array(segments.dropFirst())
        switch (method, rest.count, rest.first) {
        case (.get, 1, "health"):
            return Self.json(["message": "API is healthy.", "code": 200, "data": [:]])
        case (_, 1, "realtime"):
            return try realtime(call)
        case (_, 1, "batch") where method == .post:
            return try batch(call)
        case (_, 1, "settings"):
            return try settings(call)
        case (_, _, "files"):
            return try files(call, rest: Array(rest.dropFirst()))
        case (_, _, "collections"):
            return try collectionsRoute(call, rest: Array(rest.dropFirst()))
        default:
            throw .fileNotFound
        }
    }

    private func collectionsRoute(_ call: PocketBaseCall, rest: [String]) throws(PocketBaseErrorResponse)
        -> DialectResponse
    {
        let method = call.request.method
        if rest.isEmpty || (rest.count == 1 && rest[0] == "import") || (rest.count == 1) {
            return try collectionsAPI(call, rest: rest)
        }
        guard let collection = collection(rest[0]) else {
            if rest[1] == "records" { throw .missingCollectionContext }
            if Self.authRoutes.contains(rest[1]) { throw .missingAuthCollectionContext }
            throw .notFound
        }
        if rest[1] == "records" {
            switch (method, rest.count) {
            case (.get, 2): return try list(call, collection)
            case (.post, 2): return try create(call, collection)
            case (.get, 3): return try view(call, collection, id: rest[2])
            case (.patch, 3): return try update(call, collection, id: rest[2])
            case (.delete, 3): return try delete(call, collection, id: rest[2])
            default: throw .notFound
            }
        }
        guard Self.authRoutes.contains(rest[1]) else { throw .notFound }
        guard collection.type == .auth else { throw .missingAuthCollectionContext }
        return try authRoute(call, collection, action: rest[1], extra: Array(rest.dropFirst(2)))
    }
}

extension PocketBaseErrorResponse {
    /// 404 "File not found.": an unknown `/api/...` route.
    static let fileNotFound = PocketBaseErrorResponse(status: 404, message: "File not found.")
    /// 404 "Missing or invalid auth collection context.": an auth route on a base collection.
    static let missingAuthCollectionContext = PocketBaseErrorResponse(
        status: 404, message: "Missing or invalid auth collection context.")
}
