import HTTPTypes
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// A test suite that talks to a ``PocketBaseDialect`` in process, without a socket.
protocol InProcessPocketBase {
    var dialect: PocketBaseDialect { get }
    var store: RecordStore { get }
}

extension InProcessPocketBase {
    /// Sends a request with an optional JSON body, `Authorization` token and extra headers;
    /// returns the status and the parsed body (`null` when empty).
    func send(
        _ method: HTTPRequest.Method, _ target: String, json: JSONValue? = nil, token: String? = nil,
        headers extra: HTTPFields = [:]
    ) throws -> (Int, JSONValue) {
        var headers = extra
        if json != nil { headers[.contentType] = "application/json" }
        if let token { headers[.authorization] = token }
        let response = dialect.respond(
            to: DialectRequest(method: method, target: target, headers: headers, body: json?.serializedBytes() ?? []),
            store: store)
        let body = response.body.isEmpty ? JSONValue.null : try JSONParser().parse(response.body)
        return (Int(response.status.code), body)
    }
}
