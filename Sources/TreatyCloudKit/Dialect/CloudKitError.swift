import HTTPTypes
internal import TreatyDialect
internal import TreatyJSON

/// A CloudKit error (cloudkit.md §8): a `serverErrorCode`, its reason, and the HTTP status it
/// has when the whole request fails. Inside a `records/modify`, `lookup` or `zones/*` answer the
/// same code is a per-item entry under HTTP 200.
struct CloudKitError: Error, Sendable, Hashable {
    /// The `serverErrorCode`, e.g. `CONFLICT`.
    var code: Code
    /// The human-readable `reason`.
    var reason: String
    /// `redirectURL`, for AUTHENTICATION_REQUIRED.
    var redirectURL: String?
    /// `retryAfter` seconds, for THROTTLED and TRY_AGAIN_LATER.
    var retryAfter: Int?

    /// The codes a CloudKit server sends, with the HTTP status of each.
    enum Code: String, Sendable, Hashable, CaseIterable {
        case accessDenied = "ACCESS_DENIED"
        case atomicError = "ATOMIC_ERROR"
        case authenticationFailed = "AUTHENTICATION_FAILED"
        case authenticationRequired = "AUTHENTICATION_REQUIRED"
        case badRequest = "BAD_REQUEST"
        case conflict = "CONFLICT"
        case exists = "EXISTS"
        case internalError = "INTERNAL_ERROR"
        case notFound = "NOT_FOUND"
        case quotaExceeded = "QUOTA_EXCEEDED"
        case throttled = "THROTTLED"
        case tryAgainLater = "TRY_AGAIN_LATER"
        case validatingReferenceError = "VALIDATING_REFERENCE_ERROR"
        case zoneNotFound = "ZONE_NOT_FOUND"
        case uniqueFieldError = "UNIQUE_FIELD_ERROR"

        /// The HTTP status of a request that fails with this code.
        var status: HTTPResponse.Status {
            switch self {
            case .accessDenied: .forbidden
            case .atomicError, .badRequest: .badRequest
            case .authenticationFailed: .unauthorized
            case .authenticationRequired: HTTPResponse.Status(code: 421, reasonPhrase: "Misdirected Request")
            case .conflict, .exists, .uniqueFieldError: .conflict
            case .internalError: .internalServerError
            case .notFound, .zoneNotFound: .notFound
            case .quotaExceeded: .contentTooLarge
            case .throttled: .tooManyRequests
            case .tryAgainLater: .serviceUnavailable
            case .validatingReferenceError: .preconditionFailed
            }
        }
    }

    /// Creates an error.
    init(_ code: Code, _ reason: String, redirectURL: String? = nil, retryAfter: Int? = nil) {
        self.code = code
        self.reason = reason
        self.redirectURL = redirectURL
        self.retryAfter = retryAfter
    }

    static func badRequest(_ reason: String) -> CloudKitError { CloudKitError(.badRequest, reason) }

    /// The dictionary of this error, with `uuid` and the optional keys.
    func dictionary(uuid: String) -> JSONObject {
        var object: JSONObject = [
            "uuid": .string(uuid), "serverErrorCode": .string(code.rawValue), "reason": .string(reason),
        ]
        if let retryAfter { object["retryAfter"] = .number(JSONNumber(retryAfter)) }
        if let redirectURL { object["redirectURL"] = .string(redirectURL) }
        return object
    }

    /// The request-level answer: the error dictionary with the code's status.
    func response(uuid: String) -> DialectResponse {
        var response = CloudKitAnswer.json(.object(dictionary(uuid: uuid)), status: code.status)
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}

/// Building answers.
enum CloudKitAnswer {
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> DialectResponse {
        bytes(value.serializedBytes(), status: status)
    }

    static func bytes(_ body: [UInt8], status: HTTPResponse.Status = .ok) -> DialectResponse {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=UTF-8"
        return DialectResponse(status: status, headers: headers, body: body)
    }
}
