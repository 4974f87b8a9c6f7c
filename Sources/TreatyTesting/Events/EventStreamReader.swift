import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` delegate behind ``ServerSentEvents``: it hands over the answer's head, then
/// parses the body as it arrives.
final class EventStreamReader: NSObject, URLSessionDataDelegate, Sendable {
    struct Head: Sendable {
        var status: Int
        var headers: [String: String]
    }

    private struct State {
        var onHead: CheckedContinuation<Head, any Error>?
        var parser = ServerSentEventParser()
        var early: [ServerSentEvent] = []
        var ended = false
        var stream: ServerSentEvents?
    }

    private let state = Mutex(State())

    func start(_ task: URLSessionDataTask, onHead: CheckedContinuation<Head, any Error>) {
        state.withLock { $0.onHead = onHead }
        task.resume()
    }

    /// Sends the events parsed so far, and all later ones, to `stream`.
    func deliver(to stream: ServerSentEvents) {
        let (early, ended) = state.withLock { state in
            state.stream = stream
            defer { state.early = [] }
            return (state.early, state.ended)
        }
        stream.receive(early)
        if ended { stream.end() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        let onHead = state.withLock { $0.onHead.take() }
        onHead?.resume(returning: Head(status: http?.statusCode ?? 0, headers: headers))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (events, stream) = state.withLock { state -> ([ServerSentEvent], ServerSentEvents?) in
            let events = state.parser.feed(data)
            guard let stream = state.stream else {
                state.early += events
                return ([], nil)
            }
            return (events, stream)
        }
        stream?.receive(events)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (onHead, stream) = state.withLock { state in
            state.ended = true
            return (state.onHead.take(), state.stream)
        }
        onHead?.resume(throwing: ServerSentEventsError.connectionFailed(error.map { "\($0)" } ?? "closed"))
        stream?.end()
    }
}
