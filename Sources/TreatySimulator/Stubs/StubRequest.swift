import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

/// A request as stub matching reads it: parsed once (the body as JSON, when it is).
struct StubRequest {
    let request: DialectRequest
    let json: JSONValue?

    init(_ request: DialectRequest) {
        self.request = request
        json = request.body.isEmpty ? nil : try? JSONParser().parse(request.body)
    }

    /// How a reason about a path of another length starts (it weighs more in a near miss).
    static let lengthReasonPrefix = "path: expected"

    /// Why `route` does not accept the request; empty when it does.
    func mismatches(_ route: StubRoute) -> [String] {
        var reasons = mismatches(method: route.method, path: route.path)
        for matcher in route.query {
            let value = request.queryValue(matcher.key).map(JSONValue.string)
            if let reason = Self.check(matcher.condition, value, what: "query '\(matcher.key)'") {
                reasons.append(reason)
            }
        }
        for matcher in route.headers {
            let value = HTTPField.Name(matcher.key).flatMap { request.headers[$0] }.map(JSONValue.string)
            if let reason = Self.check(matcher.condition, value, what: "header '\(matcher.key)'") {
                reasons.append(reason)
            }
        }
        for matcher in route.body {
            let pointer = try? JSONPointer(parsing: matcher.key)
            let value = json.flatMap { document in pointer.flatMap { $0.resolve(in: document) } }
            if let reason = Self.check(
                matcher.condition, value, what: "body \(matcher.key.isEmpty ? "/" : matcher.key)")
            {
                reasons.append(reason)
            }
        }
        return reasons
    }

    /// Why a route or endpoint of `method` and `path` does not accept the request's method and
    /// path.
    func mismatches(method: String, path: PathTemplate) -> [String] {
        var reasons: [String] = []
        if method != request.method.rawValue {
            reasons.append("method: expected \(method), got \(request.method.rawValue)")
        }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let given = request.path == "/" ? [] : Array(segments)
        guard given.count == path.segments.count else {
            reasons.append(
                "\(Self.lengthReasonPrefix) \(path.segments.count) segment\(path.segments.count == 1 ? "" : "s") (\(path)), got \(given.count)"
            )
            return reasons
        }
        for (index, (segment, text)) in zip(path.segments, given).enumerated() {
            if case .literal(let literal) = segment, literal != PercentDecoding.decode(text) {
                reasons.append("path segment \(index + 1): expected '\(literal)', got '\(text)'")
            }
        }
        return reasons
    }

    /// How far the request's path is from `path`'s literal segments, in edits (a tie-break
    /// between near misses: `/note` is nearer `/notes` than `/flaky`).
    func pathDistance(_ path: PathTemplate) -> Int {
        let given = request.path.split(separator: "/").map(String.init)
        var distance = abs(given.count - path.segments.count) * 8
        for (segment, text) in zip(path.segments, given) {
            if case .literal(let literal) = segment { distance += Suggestion.editDistance(literal, text) }
        }
        return distance
    }

    /// Why `value` (`nil` when absent) fails `condition`; `nil` when it meets it.
    private static func check(_ condition: StubMatcher.Condition, _ value: JSONValue?, what: String) -> String? {
        switch condition {
        case .present(let wanted):
            guard (value != nil) != wanted else { return nil }
            return "\(what): expected \(wanted ? "present" : "absent"), \(wanted ? "absent" : "got \(shown(value))")"
        case .equals(let expected):
            guard let value else { return "\(what): expected \(expected.serialized()), absent" }
            if value == expected { return nil }
            // A query or header value is text: `equals: 2` accepts "2".
            if case .string(let text) = value, expected.serialized() == text { return nil }
            return "\(what): expected \(expected.serialized()), got \(shown(value))"
        case .contains(let part):
            guard let text = text(of: value) else { return "\(what): expected text containing '\(part)', absent" }
            return text.contains(part) ? nil : "\(what): expected text containing '\(part)', got \(shown(value))"
        case .regex(let pattern):
            guard let text = text(of: value) else { return "\(what): expected text matching /\(pattern)/, absent" }
            let matches = (try? Regex(pattern)).map { text.contains($0) } ?? false
            return matches ? nil : "\(what): expected text matching /\(pattern)/, got \(shown(value))"
        }
    }

    private static func text(of value: JSONValue?) -> String? {
        guard let value else { return nil }
        if case .string(let text) = value { return text }
        return value.serialized()
    }

    private static func shown(_ value: JSONValue?) -> String {
        guard let value else { return "absent" }
        let text = value.serialized()
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}
