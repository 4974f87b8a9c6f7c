import Foundation

extension FakeBackend {
    /// Opens a server-sent event stream at `path` (`GET`, `Accept: text/event-stream`) and
    /// returns once the answer's head arrived; read it with ``ServerSentEvents/next(timeout:)``.
    ///
    /// - Parameters:
    ///   - path: The path and query, e.g. `/api/realtime`.
    ///   - headers: Extra header fields, e.g. `Authorization`.
    /// - Returns: The open stream (its ``ServerSentEvents/status`` says how the server answered).
    /// - Throws: ``ServerSentEventsError/connectionFailed(_:)`` when no answer came.
    public func events(at path: String, headers: [String: String] = [:]) async throws -> ServerSentEvents {
        let target = URL(string: path, relativeTo: url) ?? url
        return try await ServerSentEvents.connect(to: target, headers: headers)
    }
}
