import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

/// A test-only dialect, so the simulator's tests do not depend on the REST dialect.
///
/// `POST /notes` creates a note in the store; every other request is echoed back as JSON
/// (method, path, query, body). Failures render as `{"failure": "...", "status": N}` and a
/// rate limit deliberately carries no `Retry-After`, so the server must add it.
struct EchoDialect: Dialect {
    static let id = DialectID(rawValue: "echo")

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        if request.method == .post, request.path == "/notes" {
            do {
                let body = try JSONParser().parse(request.body)
                let record = try store.create("note", body: body)
                return Self.json(.object(record), status: .created)
            } catch {
                return Self.json(["error": .string("\(error)")], status: .badRequest)
            }
        }
        let echo: JSONValue = [
            "method": .string(request.method.rawValue),
            "path": .string(request.path),
            "query": .array(request.query.map { .string("\($0.name)=\($0.value)") }),
            "body": .string(String(decoding: request.body, as: UTF8.self)),
        ]
        return Self.json(echo, status: .ok)
    }

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        let name =
            switch failure {
            case .routeNotFound: "route-not-found"
            case .methodNotAllowed: "method-not-allowed"
            case .payloadTooLarge(let limit): "payload-too-large:\(limit)"
            case .unsupportedMediaType: "unsupported-media-type"
            case .injectedStatus: "injected-status"
            case .rateLimited: "rate-limited"
            }
        return Self.json(["failure": .string(name), "status": .number(JSONNumber(failure.status.code))], status: failure.status)
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status) -> DialectResponse {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return DialectResponse(status: status, headers: headers, body: value.serializedBytes())
    }
}
