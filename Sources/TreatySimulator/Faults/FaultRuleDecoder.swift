import HTTPTypes
import TreatyCore
import TreatyJSON

/// A mistake in a fault rule, with the position of the offending value when known.
struct FaultSpecError: Error, Sendable {
    var message: String
    var line: Int?
    var column: Int?
    var hint: String?

    init(_ message: String, at node: FaultSpecNode?, hint: String? = nil) {
        self.message = message
        line = node?.line
        column = node?.column
        self.hint = hint
    }
}

/// Turns fault specifications (the same shape in YAML files and in `POST /__treaty/faults`)
/// into ``FaultRule``s.
///
/// A rule is a mapping with optional `method`, `path` (default `/**`) and `probability`
/// (default 1), and exactly one action: `latency` (milliseconds, or `{min, max}`), `status`
/// (200–599), `reset: true` or `rate_limit` (seconds, or `{retry_after: seconds}`).
enum FaultRuleDecoder {
    static let ruleKeys = ["method", "path", "probability", "latency", "status", "reset", "rate_limit"]
    static let actionKeys = ["latency", "status", "reset", "rate_limit"]
    /// The longest injectable latency: ten minutes.
    static let maxLatency = 600_000

    static func rule(from node: FaultSpecNode) throws(FaultSpecError) -> FaultRule {
        guard case .mapping(let members) = node.value else {
            throw FaultSpecError(
                "a fault rule must be a mapping, found \(node.kindDescription)", at: node,
                hint: "write e.g. {path: /projects/**, status: 503}")
        }
        var seen: Set<String> = []
        for member in members {
            guard ruleKeys.contains(member.key) else {
                let suggestion = Suggestion.closest(to: member.key, among: ruleKeys).map { "did you mean '\($0)'?" }
                throw FaultSpecError(
                    "unknown key '\(member.key)' in a fault rule", at: member.keyNode,
                    hint: suggestion ?? "known keys: \(ruleKeys.joined(separator: ", "))")
            }
            guard seen.insert(member.key).inserted else {
                throw FaultSpecError("duplicate key '\(member.key)' in a fault rule", at: member.keyNode)
            }
        }
        func value(_ key: String) -> FaultSpecNode? { members.first { $0.key == key }?.value }

        let actions = members.filter { actionKeys.contains($0.key) }
        guard actions.count == 1, let actionMember = actions.first else {
            throw FaultSpecError(
                actions.isEmpty
                    ? "a fault rule needs an action"
                    : "a fault rule has one action, found \(actions.map { "'\($0.key)'" }.joined(separator: " and "))",
                at: actions.dropFirst().first?.keyNode ?? node,
                hint: "give exactly one of: \(actionKeys.joined(separator: ", ")) (write one rule per action)")
        }
        var rule = FaultRule(action: try action(actionMember.key, actionMember.value))
        if let node = value("method") { rule.method = try method(node) }
        if let node = value("path") {
            let text = try string(node, "path")
            guard text.hasPrefix("/") else {
                throw FaultSpecError("path '\(text)' must start with '/'", at: node, hint: "e.g. /projects/*/tasks/**")
            }
            rule.path = PathPattern(text)
        }
        if let node = value("probability") {
            guard let probability = Double(try string(node, "probability")), (0...1).contains(probability) else {
                throw FaultSpecError("probability must be a number from 0 to 1, found \(node.kindDescription)", at: node)
            }
            rule.probability = probability
        }
        return rule
    }

    private static func action(_ key: String, _ node: FaultSpecNode) throws(FaultSpecError) -> FaultAction {
        switch key {
        case "latency":
            if case .mapping(let members) = node.value {
                let keys = members.map(\.key)
                guard keys.sorted() == ["max", "min"], let low = members.first(where: { $0.key == "min" })?.value,
                    let high = members.first(where: { $0.key == "max" })?.value
                else {
                    throw FaultSpecError("latency range needs exactly 'min' and 'max'", at: node, hint: "e.g. {min: 50, max: 200}")
                }
                let lower = try integer(low, "latency min", in: 0...maxLatency)
                let upper = try integer(high, "latency max", in: 0...maxLatency)
                guard lower <= upper else { throw FaultSpecError("latency min \(lower) is above max \(upper)", at: node) }
                return .latency(milliseconds: lower...upper)
            }
            return .latency(try integer(node, "latency (milliseconds)", in: 0...maxLatency))
        case "status":
            return .status(HTTPResponse.Status(code: try integer(node, "status", in: 200...599)))
        case "reset":
            guard case .scalar(let flag, _) = node.value, flag.lowercased() == "true" else {
                throw FaultSpecError("reset must be true, found \(node.kindDescription)", at: node)
            }
            return .reset
        default:
            if case .mapping(let members) = node.value {
                guard members.count == 1, let only = members.first, only.key == "retry_after" else {
                    throw FaultSpecError("rate_limit takes 'retry_after' (seconds)", at: node, hint: "e.g. {retry_after: 30}")
                }
                return .rateLimit(retryAfterSeconds: try integer(only.value, "retry_after", in: 0...86_400))
            }
            return .rateLimit(retryAfterSeconds: try integer(node, "rate_limit (seconds)", in: 0...86_400))
        }
    }

    private static func method(_ node: FaultSpecNode) throws(FaultSpecError) -> HTTPRequest.Method {
        let text = try string(node, "method").uppercased()
        guard let method = HTTPRequest.Method(text) else {
            throw FaultSpecError("'\(text)' is not an HTTP method", at: node, hint: "e.g. GET, POST, PATCH")
        }
        return method
    }

    private static func string(_ node: FaultSpecNode, _ name: String) throws(FaultSpecError) -> String {
        guard case .scalar(let text, _) = node.value else {
            throw FaultSpecError("\(name) must be a single value, found \(node.kindDescription)", at: node)
        }
        return text
    }

    private static func integer(_ node: FaultSpecNode, _ name: String, in range: ClosedRange<Int>) throws(FaultSpecError)
        -> Int
    {
        guard case .scalar(let text, _) = node.value, let value = Int(text), range.contains(value) else {
            throw FaultSpecError(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(node.kindDescription)",
                at: node)
        }
        return value
    }
}
