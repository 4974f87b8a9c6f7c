import Foundation
import HTTPTypes
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// One server-sent event as a test reads it.
struct SentEvent: Equatable {
    var id: String
    var name: String
    var data: JSONValue
}

/// A realtime client talking to a dialect in process: the stream of `GET /api/realtime`, read
/// with ``ResponseStream/take()`` as the server would.
struct RealtimeConnection {
    let response: DialectResponse
    let stream: ResponseStream
    let clientId: String

    init(_ suite: some InProcessPocketBase, token: String? = nil) throws {
        var headers = HTTPFields()
        if let token { headers[.authorization] = token }
        response = suite.dialect.respond(
            to: DialectRequest(method: .get, target: "/api/realtime", headers: headers), store: suite.store)
        guard let stream = response.stream else { throw RealtimeTestError.notAStream(Int(response.status.code)) }
        self.stream = stream
        let first = try Self.events(in: stream.take().chunks)
        guard let connect = first.first, connect.name == "PB_CONNECT", let id = connect.data["clientId"]?.stringValue
        else { throw RealtimeTestError.noConnectEvent }
        clientId = id
    }

    /// The events sent since the last call.
    func events() throws -> [SentEvent] {
        try Self.events(in: stream.take().chunks)
    }

    static func events(in chunks: [[UInt8]]) throws -> [SentEvent] {
        let text = String(decoding: chunks.joined(), as: UTF8.self)
        return try text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { block in
            var fields: [String: String] = [:]
            for line in block.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                fields[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            }
            return SentEvent(
                id: fields["id"] ?? "", name: fields["event"] ?? "",
                data: try JSONParser().parse(Array((fields["data"] ?? "null").utf8)))
        }
    }
}

enum RealtimeTestError: Error {
    case notAStream(Int)
    case noConnectEvent
}

extension InProcessPocketBase {
    /// `POST /api/realtime` for `connection`.
    func subscribe(_ connection: RealtimeConnection, _ topics: [String], token: String? = nil) throws -> (
        Int, JSONValue
    ) {
        try send(
            .post, "/api/realtime",
            json: ["clientId": .string(connection.clientId), "subscriptions": .array(topics.map(JSONValue.string))],
            token: token)
    }
}
