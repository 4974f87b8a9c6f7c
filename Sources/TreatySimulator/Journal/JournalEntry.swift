internal import Foundation
import TreatyJSON

/// One request the simulator received, as the journal keeps it: secrets already redacted.
public struct JournalEntry: Sendable {
    /// The position in arrival order, from 0 for the first request since the simulator started.
    public internal(set) var sequence: Int
    /// The method, e.g. `POST`.
    public internal(set) var method: String
    /// The path without the query, as received, with session tokens (`…/sessions/{token}`) masked.
    public internal(set) var path: String
    /// The raw query string without `?` (secret parameters redacted); empty when there is none.
    public internal(set) var query: String
    /// Header names and values in received order, secret values redacted.
    public internal(set) var headers: [(name: String, value: String)]
    /// The body bytes, with the values of secret JSON members and form fields masked.
    public internal(set) var body: [UInt8]
    /// The status answered; `nil` while the answer is pending or when the connection was reset.
    public internal(set) var status: Int?
    /// From the request head to the answer, in microseconds; `nil` while pending.
    public internal(set) var durationMicros: Int64?
    /// The fault that fired, if any (`latency`, `status`, `reset`, `rate_limit`).
    public internal(set) var fault: String?

    /// The entry as `GET /__treaty/requests` shows it.
    var json: JSONValue {
        var headerMembers: [JSONObject.Member] = []
        for header in headers {
            let name = header.name.lowercased()
            if let index = headerMembers.firstIndex(where: { $0.key == name }),
                case .string(let earlier) = headerMembers[index].value
            {
                headerMembers[index] = .init(key: name, value: .string(earlier + ", " + header.value))
            } else {
                headerMembers.append(.init(key: name, value: .string(header.value)))
            }
        }
        var members: [JSONObject.Member] = [
            .init(key: "sequence", value: .number(JSONNumber(sequence))),
            .init(key: "method", value: .string(method)),
            .init(key: "path", value: .string(path)),
            .init(key: "query", value: .string(query)),
            .init(key: "headers", value: .object(JSONObject(headerMembers))),
        ]
        if let text = String(validating: body, as: UTF8.self) {
            members.append(.init(key: "body", value: .string(text)))
            members.append(.init(key: "bodyEncoding", value: "utf8"))
        } else {
            members.append(.init(key: "body", value: .string(Data(body).base64EncodedString())))
            members.append(.init(key: "bodyEncoding", value: "base64"))
        }
        members.append(.init(key: "status", value: status.map { .number(JSONNumber($0)) } ?? .null))
        members.append(.init(key: "durationMicros", value: durationMicros.map { .number(JSONNumber($0)) } ?? .null))
        members.append(.init(key: "fault", value: fault.map { .string($0) } ?? .null))
        return .object(JSONObject(members))
    }
}
