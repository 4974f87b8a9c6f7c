internal import Foundation
internal import HTTPTypes
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyHTTP
internal import TreatyJSON
internal import TreatySecrets

/// Sends a case's requests to the target over the real HTTP client, adding credentials and
/// recording a redacted ``Exchange`` for each.
final class TargetConnection: CaseTransport {
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

    /// Sends one request.
    func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        query: [QueryItem] = [],
        headers: HTTPFields = [:],
        body: [UInt8]? = nil
    ) async throws(CaseTransportFailure) -> (Reply, Exchange) {
        let target = path + QueryEncoding.encode(query)
        var fields = credentials
        if body != nil, headers[.contentType] == nil { fields[.contentType] = "application/json" }
        if headers[.accept] == nil { fields[.accept] = "application/json" }
        for field in headers { fields[field.name] = field.value }
        let request = HTTPClientRequest(method: method, url: baseURL + target, headerFields: fields, body: body, timeout: timeout)
        let line = "\(method.rawValue) \(redactor.redactURL(target))"
        let shownHeaders = shown(headers)
        let shownBody = body.map { shown($0, contentType: fields[.contentType]) } ?? ""
        do {
            let response = try await client.execute(request)
            var exchange = Exchange(
                request: line, requestHeaders: shownHeaders, requestBody: shownBody,
                status: response.status.code,
                responseHeaders: shown(response.headerFields),
                responseBody: shown(response.body, contentType: response.headerFields[.contentType]),
                totalMilliseconds: Self.milliseconds(response.timings.total),
                firstByteMilliseconds: Self.milliseconds(response.timings.firstByte))
            exchange.dnsMilliseconds = Self.milliseconds(response.timings.dnsLookup)
            exchange.connectMilliseconds = Self.milliseconds(response.timings.connect)
            exchange.tlsMilliseconds = Self.milliseconds(response.timings.tlsHandshake)
            let reply = Reply(status: response.status.code, headers: response.headerFields, body: response.body, request: line)
            return (reply, exchange)
        } catch {
            let exchange = Exchange(request: line, requestHeaders: shownHeaders, requestBody: shownBody, status: nil)
            throw CaseTransportFailure(
                finding: Finding(
                    category: .transportError, summary: redactor.redact("\(line): \(error)"),
                    detail: "the target at \(redactor.redactURL(baseURL)) did not answer; check that it is running and reachable"),
                exchange: exchange)
        }
    }

    /// Header lines as an exchange shows them: secret headers masked by name, known secret
    /// values masked in the others.
    private func shown(_ fields: HTTPFields) -> [String] {
        fields.map { redactor.headerLine(name: $0.name.rawName, value: $0.value) }
    }

    /// A body as an exchange shows it: secret fields masked by ``SecretPolicy`` before the
    /// excerpt is cut, then known secret values.
    private func shown(_ body: [UInt8], contentType: String?) -> String {
        redactor.redact(Exchange.excerpt(SecretPolicy.redactedBody(body, contentType: contentType)))
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
