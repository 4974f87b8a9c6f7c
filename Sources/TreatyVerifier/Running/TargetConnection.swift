internal import Foundation
internal import HTTPTypes
internal import TreatyDialect
internal import TreatyHTTP
internal import TreatyJSON

/// Sends a case's requests to the target over the real HTTP client, adding credentials and
/// recording a redacted ``Exchange`` for each.
final class TargetConnection: Sendable {
    let client: HTTPClient
    /// The base URL without a trailing slash, e.g. `http://127.0.0.1:49152`.
    let baseURL: String
    let credentials: HTTPFields
    let redactor: Redactor
    let timeout: Duration?

    init(client: HTTPClient, baseURL: String, credentials: HTTPFields, redactor: Redactor, timeout: Duration? = nil) {
        self.client = client
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.credentials = credentials
        self.redactor = redactor
        self.timeout = timeout
    }

    /// A transport failure with the exchange that shows it.
    struct Failure: Error {
        var finding: Finding
        var exchange: Exchange
    }

    /// Sends one request.
    func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        query: [QueryItem] = [],
        headers: HTTPFields = [:],
        body: [UInt8]? = nil
    ) async throws(Failure) -> (Reply, Exchange) {
        let target = path + QueryEncoding.encode(query)
        var fields = credentials
        if body != nil, headers[.contentType] == nil { fields[.contentType] = "application/json" }
        if headers[.accept] == nil { fields[.accept] = "application/json" }
        for field in headers { fields[field.name] = field.value }
        let request = HTTPClientRequest(method: method, url: baseURL + target, headerFields: fields, body: body, timeout: timeout)
        let line = redactor.redact("\(method.rawValue) \(target)")
        let shownHeaders = redactor.headerLines(headers)
        let shownBody = body.map { redactor.redact(Exchange.excerpt($0)) } ?? ""
        do {
            let response = try await client.execute(request)
            var exchange = Exchange(
                request: line, requestHeaders: shownHeaders, requestBody: shownBody,
                status: response.status.code, responseHeaders: redactor.headerLines(response.headerFields),
                responseBody: redactor.redact(Exchange.excerpt(response.body)),
                totalMilliseconds: Self.milliseconds(response.timings.total),
                firstByteMilliseconds: Self.milliseconds(response.timings.firstByte))
            exchange.dnsMilliseconds = Self.milliseconds(response.timings.dnsLookup)
            exchange.connectMilliseconds = Self.milliseconds(response.timings.connect)
            exchange.tlsMilliseconds = Self.milliseconds(response.timings.tlsHandshake)
            let reply = Reply(status: response.status.code, headers: response.headerFields, body: response.body, request: line)
            return (reply, exchange)
        } catch {
            let exchange = Exchange(request: line, requestHeaders: shownHeaders, requestBody: shownBody, status: nil)
            throw Failure(
                finding: Finding(
                    category: .transportError, summary: redactor.redact("\(line): \(error)"),
                    detail: "the target at \(redactor.redact(baseURL)) did not answer; check that it is running and reachable"),
                exchange: exchange)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}

/// Percent-encoding of query strings (RFC 3986 unreserved characters stay as they are).
enum QueryEncoding {
    static func encode(_ items: [QueryItem]) -> String {
        guard !items.isEmpty else { return "" }
        return "?" + items.map { "\(component($0.name))=\(component($0.value))" }.joined(separator: "&")
    }

    static func component(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
