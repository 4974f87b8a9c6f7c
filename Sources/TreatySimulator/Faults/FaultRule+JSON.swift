import HTTPTypes
import TreatyJSON

extension FaultRule {
    /// The rule as the admin API shows it, in the shape `POST /__treaty/faults` accepts.
    var json: JSONValue {
        var members: [JSONObject.Member] = []
        if let method { members.append(.init(key: "method", value: .string(method.rawValue))) }
        members.append(.init(key: "path", value: .string(path.text)))
        members.append(.init(key: "probability", value: .number(JSONNumber(probability))))
        switch action {
        case .latency(let range) where range.count == 1:
            members.append(.init(key: "latency", value: .number(JSONNumber(range.lowerBound))))
        case .latency(let range):
            let bounds: JSONValue = ["min": .number(JSONNumber(range.lowerBound)), "max": .number(JSONNumber(range.upperBound))]
            members.append(.init(key: "latency", value: bounds))
        case .status(let status):
            members.append(.init(key: "status", value: .number(JSONNumber(status.code))))
        case .reset:
            members.append(.init(key: "reset", value: true))
        case .rateLimit(let seconds):
            members.append(.init(key: "rate_limit", value: ["retry_after": .number(JSONNumber(seconds))]))
        }
        return .object(JSONObject(members))
    }

    /// Reads a rule from its JSON form (see ``FaultRuleLoader`` for the format).
    init(json: JSONValue) throws(FaultSpecError) {
        self = try FaultRuleDecoder.rule(from: FaultSpecNode(json: json))
    }
}
