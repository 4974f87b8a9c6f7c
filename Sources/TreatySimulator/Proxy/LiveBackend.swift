public import Foundation
import HTTPTypes
import TreatyDialect
public import TreatyHTTP

/// The live backend `treaty serve --spy` and `--validate` forward to: a base URL and the HTTP
/// client that reaches it.
///
/// A forwarded request goes out as the client sent it — method, path and query appended to
/// ``baseURL``, its header fields (credentials included) and body — except that hop-by-hop
/// fields (`Connection` and the fields it names, `Keep-Alive`, `Proxy-Authorization`,
/// `Proxy-Authenticate`, `TE`, `Trailer`, `Transfer-Encoding`, `Upgrade`) are dropped, `Host`
/// becomes the backend's (the client sets it from the URL) and `Content-Length` is recomputed.
/// The answer comes back the same way: hop-by-hop fields dropped, everything else unchanged,
/// errors included (a `HEAD` answer keeps the live `Content-Length`). Bodies are buffered,
/// bounded by the client's ``TreatyHTTP/HTTPClientConfiguration/maxResponseBodySize`` — except
/// an event stream (`text/event-stream`) a client asked for with `Accept: text/event-stream`,
/// which is passed on as it arrives, with no total time limit, until either side ends it.
public struct LiveBackend: Sendable {
    /// The backend's base URL without a trailing slash, e.g. `https://staging.example.com/v1`.
    public let baseURL: String
    /// The client that reaches it; its owner shuts it down.
    public let client: HTTPClient
    /// Whether to ask for an identity-encoded answer (drop `Accept-Encoding`), so that a
    /// validating proxy can read the body; `--validate` sets it.
    public var requestsIdentityEncoding: Bool

    /// Creates a live backend.
    ///
    /// - Parameters:
    ///   - url: The backend's base URL (`http://` or `https://`, with an optional path prefix).
    ///   - client: The client that reaches it.
    ///   - requestsIdentityEncoding: Whether to drop `Accept-Encoding` from forwarded requests.
    public init(url: URL, client: HTTPClient, requestsIdentityEncoding: Bool = false) {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        baseURL = text
        self.client = client
        self.requestsIdentityEncoding = requestsIdentityEncoding
    }

    /// What forwarding a request gave.
    enum Outcome: Sendable {
        /// The backend answered (any status).
        case answered(DialectResponse)
        /// The backend could not be reached or did not answer in time: the status to answer
        /// with (502 or 504) and why, without the URL's secrets.
        case failed(HTTPResponse.Status, reason: String)
    }

    /// Forwards one request and returns the backend's answer, or why there is none.
    func forward(_ request: DialectRequest, target: String) async -> Outcome {
        // The client sets Host from the URL and Content-Length from the body.
        var dropped: Set<String> = ["host", "content-length"]
        if requestsIdentityEncoding { dropped.insert("accept-encoding") }
        let headers = Self.endToEnd(request.headers).filter { !dropped.contains($0.name.canonicalName) }
        let outgoing = HTTPClientRequest(
            method: request.method, url: baseURL + target, headerFields: headers,
            body: request.body.isEmpty && !Self.sendsBody(request.method) ? nil : request.body)
        do {
            let stream = ResponseStream(capacity: Self.streamCapacity)
            let response: HTTPClientResponse
            if Self.acceptsEventStream(request.headers) {
                response = try await client.execute(outgoing) { status, fields in
                    guard Self.isEventStream(fields) else { return nil }
                    return HTTPBodySink(receive: { stream.send($0) }, finish: { _ in stream.finish() })
                }
            } else {
                response = try await client.execute(outgoing)
            }
            var answered = Self.endToEnd(response.headerFields)
            // A HEAD answer has no body but says how long the GET's would be: that length is
            // passed on; any other is recomputed from the body.
            if request.method != .head { answered[.contentLength] = nil }
            if Self.acceptsEventStream(request.headers), Self.isEventStream(response.headerFields) {
                return .answered(DialectResponse(status: response.status, headers: answered, stream: stream))
            }
            return .answered(DialectResponse(status: response.status, headers: answered, body: response.body))
        } catch let error as HTTPClientError {
            switch error.kind {
            case .timedOut: return .failed(.gatewayTimeout, reason: "the live backend did not answer in time")
            case .responseTooLarge:
                return .failed(.badGateway, reason: "the live backend's answer is larger than the limit")
            case .couldNotConnect, .couldNotResolveHost:
                return .failed(.badGateway, reason: "the live backend cannot be reached (\(error.kind))")
            default: return .failed(.badGateway, reason: "the live backend failed: \(error.kind)")
            }
        } catch {
            return .failed(.badGateway, reason: "the live backend failed")
        }
    }

    /// The most bytes of an event stream queued for a client that reads slower than the live
    /// backend writes; past it the client is dropped.
    static let streamCapacity = 1 << 20

    /// Whether the client asks for an event stream (`Accept: text/event-stream`), so its answer
    /// may be streamed.
    static func acceptsEventStream(_ fields: HTTPFields) -> Bool {
        fields[values: .accept].contains { $0.lowercased().contains("text/event-stream") }
    }

    /// Whether an answer is an event stream.
    static func isEventStream(_ fields: HTTPFields) -> Bool {
        fields[.contentType]?.lowercased().hasPrefix("text/event-stream") ?? false
    }

    private static func sendsBody(_ method: HTTPRequest.Method) -> Bool {
        method == .post || method == .put || method == .patch
    }

    /// The hop-by-hop field names of RFC 9110 §7.6.1, lower-cased.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te", "trailer",
        "transfer-encoding", "upgrade",
    ]

    /// `fields` without hop-by-hop fields, nor those `Connection` names.
    static func endToEnd(_ fields: HTTPFields) -> HTTPFields {
        var dropped = hopByHop
        for value in fields[values: .connection] {
            for name in value.split(separator: ",") {
                dropped.insert(name.trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        return HTTPFields(fields.filter { !dropped.contains($0.name.canonicalName) })
    }
}
