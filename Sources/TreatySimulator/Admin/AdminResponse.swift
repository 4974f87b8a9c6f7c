import HTTPTypes
import TreatyDialect
import TreatyJSON

/// JSON answers of the admin API.
enum AdminResponse {
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> DialectResponse {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        var body = value.serializedBytes()
        body.append(0x0A)
        return DialectResponse(status: status, headers: headers, body: body)
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> DialectResponse {
        json(["error": .string(message)], status: status)
    }

    static func methodNotAllowed(_ allowed: [HTTPRequest.Method], path: String) -> DialectResponse {
        var response = error(
            .methodNotAllowed, "\(path) accepts \(allowed.map(\.rawValue).joined(separator: ", "))")
        response.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
        return response
    }
}
