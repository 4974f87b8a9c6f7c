/// One request a case sent and what came back, with secrets already redacted — what reports
/// show under a failure.
public struct Exchange: Sendable, Hashable {
    /// The request line, e.g. `PATCH /projects/P1/tasks/T1?x=1`.
    public var request: String
    /// The request headers that were set explicitly, redacted.
    public var requestHeaders: [String]
    /// The request body (truncated to ``excerptLimit`` bytes), or empty.
    public var requestBody: String
    /// The response status, or `nil` when none arrived.
    public var status: Int?
    /// The response headers, redacted.
    public var responseHeaders: [String]
    /// The response body (truncated to ``excerptLimit`` bytes), or empty.
    public var responseBody: String
    /// Milliseconds from sending to the last byte.
    public var totalMilliseconds: Int
    /// Milliseconds until the first response byte.
    public var firstByteMilliseconds: Int
    /// Milliseconds from the start until the DNS lookup, the TCP connect and the TLS handshake
    /// were done (as libcurl reports them: cumulative, and near zero on a reused connection).
    public var dnsMilliseconds = 0, connectMilliseconds = 0, tlsMilliseconds = 0

    /// The most body bytes kept per request and per response.
    public static let excerptLimit = 4096

    /// Creates an exchange.
    public init(
        request: String,
        requestHeaders: [String] = [],
        requestBody: String = "",
        status: Int?,
        responseHeaders: [String] = [],
        responseBody: String = "",
        totalMilliseconds: Int = 0,
        firstByteMilliseconds: Int = 0
    ) {
        self.request = request
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.totalMilliseconds = totalMilliseconds
        self.firstByteMilliseconds = firstByteMilliseconds
    }

    /// The exchange as HTTP-like text: request line, headers, body, a blank line, then the
    /// response status, headers and body.
    public var transcript: String {
        var lines = ["> \(request)"]
        lines += requestHeaders.map { "> \($0)" }
        if !requestBody.isEmpty { lines.append("> \(requestBody)") }
        if let status {
            lines.append(
                "< \(status)  (\(totalMilliseconds) ms; at ms: dns \(dnsMilliseconds), connected \(connectMilliseconds), tls \(tlsMilliseconds), first byte \(firstByteMilliseconds))")
            lines += responseHeaders.map { "< \($0)" }
            if !responseBody.isEmpty { lines.append("< \(responseBody)") }
        } else {
            lines.append("< (no response)")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` cut to ``excerptLimit`` UTF-8 bytes (at a character boundary), with a marker
    /// saying how much was left out.
    package static func excerpt(_ bytes: [UInt8]) -> String {
        guard bytes.count > excerptLimit else { return String(decoding: bytes, as: UTF8.self) }
        var cut = excerptLimit
        while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return String(decoding: bytes[..<cut], as: UTF8.self) + " … (\(bytes.count - cut) more bytes)"
    }
}
