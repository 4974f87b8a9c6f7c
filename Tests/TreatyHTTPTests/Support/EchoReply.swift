import Foundation
import TreatyHTTP

/// What `http_server.py`'s `/echo` and `h2_server.py` report about a request.
struct EchoReply: Decodable {
    var method: String
    var path: String
    var headers: [[String]]?
    var body: String
    var connection: Int
    var connections: Int?
    var stream: Int?
    var clientSubject: String?

    enum CodingKeys: String, CodingKey {
        case method, path, headers, body, connection, connections, stream
        case clientSubject = "client_subject"
    }

    init(_ response: HTTPClientResponse) throws {
        self = try JSONDecoder().decode(EchoReply.self, from: Data(response.body))
    }

    /// The body the server received.
    var bodyBytes: [UInt8] { Array(Data(base64Encoded: body) ?? Data()) }

    /// Header names and values as received, in order.
    var headerPairs: [(name: String, value: String)] {
        (headers ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
    }

    /// The values of every header with this name (any case).
    func values(of name: String) -> [String] {
        headerPairs.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }
}
