import HTTPTypes
import TreatyDialect
import TreatyJSON

/// rest-sync's error body: `{"error":{"code":"…","message":"…","field":…}}` (`field` always
/// present, a string or `null`).
enum RESTError {
    static func response(
        _ status: HTTPResponse.Status,
        code: String,
        message: String,
        field: String? = nil,
        headers: HTTPFields = [:]
    ) -> DialectResponse {
        let body: JSONValue = [
            "error": ["code": .string(code), "message": .string(message), "field": field.map(JSONValue.string) ?? .null]
        ]
        var fields = headers
        fields[.contentType] = "application/json"
        return DialectResponse(status: status, headers: fields, body: body.serializedBytes())
    }

    static func response(for error: StoreError) -> DialectResponse {
        let status: HTTPResponse.Status =
            switch error.code {
            case .notFound: .notFound
            case .cursorExpired: .gone
            case .conflict: .conflict
            case .invalidQuery: .badRequest
            default: .unprocessableContent
            }
        return response(status, code: error.code.rawValue, message: error.message, field: error.field)
    }

    /// The error code for a status a fault injects.
    static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "bad_request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not_found"
        case 409: "conflict"
        case 410: "cursor_expired"
        case 422: "invalid_value"
        case 429: "rate_limited"
        case 500: "internal_error"
        case 502: "bad_gateway"
        case 503: "service_unavailable"
        case 504: "gateway_timeout"
        default: "error"
        }
    }
}
