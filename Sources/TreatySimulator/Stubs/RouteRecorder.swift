import HTTPTypes
import Synchronization
import TreatyDialect
import TreatyJSON
import TreatySecrets

/// What `treaty serve --spy URL --record` learns of the live backend's routes outside the
/// dialect: each forwarded request no contract endpoint accepts, with the answers it got, to
/// be written out as stub routes (`GET /__treaty/recorded/routes`).
///
/// A request is keyed by method, path and query; a later answer that differs from the last one
/// kept is added to the route's sequence (at most ``maxAnswers``), so a route that answered
/// 503 then 200 replays that way. Only `Content-Type` of the answer's fields is kept, secret
/// JSON members of a body are masked, and a credential in the query (`?token=…`) is matched by
/// its presence, never written.
public final class RouteRecorder: Sendable {
    struct Recorded: Sendable {
        var method: String
        var path: String
        var query: [QueryItem]
        var answers: [JSONValue]
    }

    /// The most answers kept per route.
    public static let maxAnswers = 10

    private let state = Mutex<(order: [String], routes: [String: Recorded])>(([], [:]))

    /// Creates an empty recorder.
    public init() {}

    /// Keeps a forwarded request's answer.
    func record(_ request: DialectRequest, answer: DialectResponse) {
        let key = "\(request.method.rawValue) \(request.path)?\(SecretPolicy.redactedQuery(request.rawQuery))"
        let kept = Self.answer(answer)
        state.withLock { current in
            guard var route = current.routes[key] else {
                current.order.append(key)
                current.routes[key] = Recorded(
                    method: request.method.rawValue, path: request.path, query: request.query, answers: [kept])
                return
            }
            guard route.answers.last != kept, route.answers.count < Self.maxAnswers else { return }
            route.answers.append(kept)
            current.routes[key] = route
        }
    }

    /// How many routes were recorded.
    public var count: Int { state.withLock { $0.order.count } }

    /// The recorded routes as a contract's `routes:` section (YAML, each route a JSON flow
    /// mapping), in the order first seen.
    public var yaml: String {
        let routes = state.withLock { current in current.order.compactMap { current.routes[$0] } }
        var lines = ["routes:"]
        for route in routes {
            var members: [JSONObject.Member] = [
                .init(key: "method", value: .string(route.method)), .init(key: "path", value: .string(route.path)),
            ]
            if !route.query.isEmpty {
                // A credential in the query is matched by its presence, never written.
                let query = route.query.map { item in
                    let condition: JSONValue =
                        SecretPolicy.isSecretKey(item.name) ? ["present": true] : ["equals": .string(item.value)]
                    return JSONObject.Member(key: item.name, value: condition)
                }
                members.append(.init(key: "match", value: ["query": .object(JSONObject(query))]))
            }
            if route.answers.count == 1, let answer = route.answers.first {
                members.append(.init(key: "answer", value: answer))
            } else {
                members.append(.init(key: "answers", value: .array(route.answers)))
            }
            lines.append("  - " + JSONValue.object(JSONObject(members)).serialized())
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func answer(_ response: DialectResponse) -> JSONValue {
        var members: [JSONObject.Member] = [.init(key: "status", value: .number(JSONNumber(response.status.code)))]
        let contentType = response.headers[.contentType]
        if let contentType, !contentType.lowercased().contains("json") {
            members.append(.init(key: "headers", value: ["content-type": .string(contentType)]))
        }
        if !response.body.isEmpty {
            let body = SecretPolicy.redactedBody(response.body, contentType: contentType)
            if let json = try? JSONParser().parse(body) {
                members.append(.init(key: "body", value: json))
            } else if let text = String(validating: body, as: UTF8.self) {
                members.append(.init(key: "body", value: .string(text)))
            }
        }
        return .object(JSONObject(members))
    }
}
