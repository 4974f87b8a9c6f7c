internal import HTTPTypes

/// Moves the requests of one ``HTTPClient`` over the network: libcurl where the build links it,
/// Foundation's URLSession elsewhere (see ``HTTPTransportKind``).
///
/// A conformer must send a request exactly as given (adding only what
/// ``HTTPClientRequest`` lists), never follow a redirect, and answer the final response
/// whatever its status. It fails with ``HTTPClientError`` only: ``HTTPClientError/invalidURL``
/// for anything but an absolute http(s) URL, ``HTTPClientError/timedOut`` once the request's
/// timeout (or the configuration's) has run out, ``HTTPClientError/responseTooLarge(limit:)``
/// past ``HTTPClientConfiguration/maxResponseBodySize``, ``HTTPClientError/cancelled`` when
/// the awaiting task is cancelled, and ``HTTPClientError/shutDown`` for every request still
/// running when ``shutdown()`` is called and every one after it. The `HTTPClient…Tests` check
/// this through libcurl, `URLSessionTransportTests` through URLSession.
protocol HTTPTransport: Sendable {
    /// The transport and its version, for the client's debug log, e.g. `libcurl 8.5.0`.
    var summary: String { get }

    /// Sends `request` and returns the final response.
    ///
    /// - Parameter request: The request, sent exactly as given.
    /// - Returns: The last response's status, header fields, body, HTTP version and timings.
    /// - Throws: ``HTTPClientError``.
    func execute(_ request: HTTPClientRequest) async throws -> HTTPClientResponse

    /// Sends `request`; once the answer's head is in, `streamingWhen` may choose a sink for its
    /// body, which then goes there as it arrives while this returns the head with an empty body.
    ///
    /// - Parameters:
    ///   - request: The request, sent exactly as given.
    ///   - streamingWhen: Chooses a sink for the body from the status and header fields, or
    ///     `nil` to buffer it.
    /// - Returns: The response; its body is empty when it was streamed.
    /// - Throws: ``HTTPClientError``.
    func execute(
        _ request: HTTPClientRequest, streamingWhen: (@Sendable (HTTPResponse.Status, HTTPFields) -> HTTPBodySink?)?
    ) async throws -> HTTPClientResponse

    /// Fails every running request with ``HTTPClientError/shutDown`` and releases the
    /// transport's connections; later requests fail the same way. Calling it again does nothing.
    func shutdown() async
}

extension HTTPTransport {
    /// Buffers the body, then hands it to the sink `streamingWhen` chooses in one chunk: a
    /// transport that cannot stream (URLSession) still answers such a request.
    func execute(
        _ request: HTTPClientRequest, streamingWhen: (@Sendable (HTTPResponse.Status, HTTPFields) -> HTTPBodySink?)?
    ) async throws -> HTTPClientResponse {
        var response = try await execute(request)
        guard let sink = streamingWhen?(response.status, response.headerFields) else { return response }
        _ = sink.receive(response.body)
        sink.finish(nil)
        response.body = []
        return response
    }
}
