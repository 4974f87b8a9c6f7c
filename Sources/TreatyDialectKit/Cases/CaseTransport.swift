package import HTTPTypes
package import TreatyDialect

/// How a ``CaseContext`` reaches its target: the verifier's libcurl connection to the
/// in-process simulator or a live server.
///
/// A dialect module never implements it; it is the seam that keeps the case model free of the
/// runner and its HTTP client. Conformers add the run's credentials, send the request, and
/// return the answer with a redacted ``Exchange`` — or throw a ``CaseTransportFailure`` holding
/// the finding and the exchange that show why nothing came back.
package protocol CaseTransport: Sendable {
    /// Sends one request.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - path: The path with concrete values.
    ///   - query: Query items, percent-encoded when sent.
    ///   - headers: Extra headers.
    ///   - body: The body bytes, or `nil` for none.
    /// - Returns: The answer and its redacted exchange.
    func send(
        _ method: HTTPRequest.Method, _ path: String, query: [QueryItem], headers: HTTPFields, body: [UInt8]?
    ) async throws(CaseTransportFailure) -> (Reply, Exchange)
}

/// A request that got no answer, with the finding and the exchange that show it.
package struct CaseTransportFailure: Error {
    /// The transport finding (category ``Finding/Category/transportError``).
    package var finding: Finding
    /// The request as sent, with no response.
    package var exchange: Exchange

    /// Creates a failure.
    package init(finding: Finding, exchange: Exchange) {
        self.finding = finding
        self.exchange = exchange
    }
}
