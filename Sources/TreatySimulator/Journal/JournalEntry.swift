internal import Foundation
import HTTPTypes
import TreatyDialect
import TreatyJSON
import TreatySecrets

/// One request the simulator received, as the journal shows it: secrets redacted.
///
/// The journal keeps the request as it arrived and masks what ``SecretPolicy`` calls secret
/// whenever an entry is read, so recording a request costs no scanning; no accessor of this
/// type ever returns a secret. What only a proxied or unmatched request has to say (origin,
/// validation, near misses) is kept as the ``AnswerNote`` it came in, and read from there.
public struct JournalEntry: Sendable {
    /// The position in arrival order, from 0 for the first request since the simulator started.
    public internal(set) var sequence: Int
    /// The method, e.g. `POST`.
    public let method: String
    /// The status answered; `nil` while the answer is pending or when the connection was reset.
    public internal(set) var status: Int?
    /// From the request head to the answer, in microseconds; `nil` while pending.
    public internal(set) var durationMicros: Int64?
    /// The fault that fired, if any (`latency`, `status`, `reset`, `rate_limit`).
    public internal(set) var fault: String?
    /// The entry this one replays, when it was replayed from the dashboard.
    public internal(set) var replayOf: Int?
    /// What the simulator learned while answering beyond the status; `nil` for most requests.
    var note: AnswerNote?

    private let receivedPath: String
    private let receivedQuery: Substring
    private let receivedHeaders: HTTPFields
    private let receivedBody: [UInt8]
    private var answerHeaders = HTTPFields()
    private var answerBody: [UInt8] = []
    /// The size of the answer's body, of which at most ``keptAnswerBytes`` are kept.
    public internal(set) var answerBodySize = 0

    /// The most bytes of an answer's body the journal keeps per entry.
    public static let keptAnswerBytes = 4 * 1024

    /// An entry for a request as received; `path` and `query` are its target's parts before
    /// and after the `?` (``RequestProcessor/split(_:)``).
    init(request: HTTPRequest, path: String, query: Substring, body: [UInt8]) {
        sequence = 0
        method = request.method.rawValue
        receivedPath = path
        receivedQuery = query
        receivedHeaders = request.headerFields
        receivedBody = body
    }

    /// The path without the query, as received, with session tokens (`…/sessions/{token}`) masked.
    public var path: String { SecretPolicy.redactedPath(receivedPath) }

    /// The raw query string without `?` (secret parameters redacted); empty when there is none.
    public var query: String {
        receivedQuery.isEmpty ? "" : SecretPolicy.redactedQuery(receivedQuery)
    }

    /// Header names and values in received order, secret values redacted.
    public var headers: [(name: String, value: String)] {
        receivedHeaders.map { field in
            (name: field.name.rawName, value: SecretPolicy.redactedHeaderValue(field.value, name: field.name.rawName))
        }
    }

    /// The body bytes, with the values of secret JSON members and form fields masked.
    public var body: [UInt8] {
        SecretPolicy.redactedBody(receivedBody, contentType: receivedHeaders[.contentType])
    }

    /// The answer's header fields, secret values redacted; empty while pending or after a reset.
    public var answerHeaderFields: [(name: String, value: String)] {
        answerHeaders.map { field in
            (name: field.name.rawName, value: SecretPolicy.redactedHeaderValue(field.value, name: field.name.rawName))
        }
    }

    /// The kept part of the answer's body (see ``keptAnswerBytes``), secret values masked.
    public var answer: [UInt8] {
        SecretPolicy.redactedBody(answerBody, contentType: answerHeaders[.contentType])
    }

    /// Keeps the answer: its headers, and its body up to ``keptAnswerBytes`` (a body within the
    /// limit is shared, not copied).
    mutating func keep(_ response: DialectResponse) {
        answerHeaders = response.headers
        answerBodySize = response.body.count
        answerBody =
            response.body.count <= Self.keptAnswerBytes
            ? response.body : Array(response.body.prefix(Self.keptAnswerBytes))
    }

    /// A new entry for the same request, replaying this one: nothing answered yet.
    var replay: JournalEntry {
        var entry = self
        entry.status = nil
        entry.durationMicros = nil
        entry.fault = nil
        entry.note = nil
        entry.answerHeaders = HTTPFields()
        entry.answerBody = []
        entry.answerBodySize = 0
        entry.replayOf = sequence
        return entry
    }

    /// The request as it arrived, secrets included, for a replay through the dialect.
    var replayRequest: DialectRequest {
        let target = receivedQuery.isEmpty ? receivedPath : receivedPath + "?" + receivedQuery
        let method = HTTPRequest.Method(self.method) ?? .get
        return DialectRequest(method: method, target: target, headers: receivedHeaders, body: receivedBody)
    }

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
        let body = body
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
        if let replayOf { members.append(.init(key: "replayOf", value: .number(JSONNumber(replayOf)))) }
        members.append(.init(key: "origin", value: .string(origin.rawValue)))
        if let validatedEndpoint { members.append(.init(key: "endpoint", value: .string(validatedEndpoint))) }
        if origin == .forwarded {
            members.append(.init(key: "violations", value: .array(violations.map(\.json))))
        }
        if let upstreamError { members.append(.init(key: "upstreamError", value: .string(upstreamError))) }
        if !nearMisses.isEmpty { members.append(.init(key: "nearMisses", value: .array(nearMisses.map(\.json)))) }
        if absorbed > 0 { members.append(.init(key: "absorbed", value: .number(JSONNumber(absorbed)))) }
        if streamed { members.append(.init(key: "streamed", value: true)) }
        return .object(JSONObject(members))
    }
}
