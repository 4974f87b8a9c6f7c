internal import Foundation
internal import HTTPTypes
internal import TreatyDialectKit
internal import TreatyHTTP
internal import TreatyJSON

/// Sends the conformance suite's requests to one running simulator, carrying the session a
/// sample's login earned.
final class ConformanceClient: @unchecked Sendable {
    // Used by one task at a time (the suite runs its checks in order); `session` is the only
    // mutable state.
    let client: HTTPClient
    let baseURL: String
    private var session: String?

    init(client: HTTPClient, baseURL: URL) {
        self.client = client
        self.baseURL = baseURL.absoluteString
    }

    /// One answer: status and body bytes.
    struct Answer: Equatable {
        var status: Int
        var body: [UInt8]
        var json: JSONValue? { body.isEmpty ? nil : try? JSONParser().parse(body) }
        var text: String { String(decoding: body.prefix(300), as: UTF8.self) }
    }

    /// Sends a sample request; a login's token becomes the session of later requests.
    func send(_ request: SampleRequest) async throws -> Answer {
        let answer = try await send(
            request.method, request.target, body: request.body.map { $0.serializedBytes() }, headers: request.headers)
        if let pointer = request.sessionToken, let token = answer.json.flatMap({ pointer.resolve(in: $0) })?.stringValue
        {
            session = request.sessionScheme + token
        }
        return answer
    }

    /// Sends raw bytes.
    func send(_ method: HTTPRequest.Method, _ target: String, body: [UInt8]? = nil, headers: HTTPFields = [:])
        async throws -> Answer
    {
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        if body != nil { fields[.contentType] = "application/json" }
        if let session { fields[.authorization] = session }
        for field in headers { fields[field.name] = field.value }
        let response = try await client.execute(
            HTTPClientRequest(method: method, url: baseURL + target, headerFields: fields, body: body))
        return Answer(status: response.status.code, body: response.body)
    }

    /// Sends every request of a sample's write, in order.
    func write(_ requests: [SampleRequest]) async throws -> [Answer] {
        var answers: [Answer] = []
        for request in requests { answers.append(try await send(request)) }
        return answers
    }
}
