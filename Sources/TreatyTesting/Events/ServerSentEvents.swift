import Foundation
internal import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `text/event-stream` a test reads: connect with ``FakeBackend/events(at:headers:)``, then
/// await each event with ``next(timeout:)``. Whatever the dialect streams — a realtime
/// subscription, say — arrives as ``ServerSentEvent`` values, in order.
///
/// ```swift
/// let stream = try await backend.events(at: "/api/realtime")
/// let connect = try await stream.next()          // PB_CONNECT, with the client id
/// // … POST the subscriptions, write a record …
/// let event = try await stream.next()
/// #expect(event.name == "posts/*")
/// stream.close()
/// ```
///
/// Events wait in memory until read; ``close()`` ends the connection (the server sees the client
/// go away), and so does releasing the stream.
public final class ServerSentEvents: Sendable {
    private struct State {
        var buffered: [ServerSentEvent] = []
        var ended = false
        var waiter: (id: Int, continuation: CheckedContinuation<ServerSentEvent?, Never>)?
        var nextWaiter = 0
    }

    /// The HTTP status of the answer.
    public let status: Int
    /// The answer's header fields, names lowercased.
    public let headers: [String: String]
    private let state = Mutex(State())
    private let connection: Mutex<(session: URLSession, task: URLSessionDataTask)?>

    private init(status: Int, headers: [String: String]) {
        self.status = status
        self.headers = headers
        connection = Mutex(nil)
    }

    deinit {
        close()
    }

    /// Connects to `url` and returns once the answer's head arrived.
    static func connect(to url: URL, headers: [String: String]) async throws -> ServerSentEvents {
        var request = URLRequest(url: url)
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.timeoutInterval = 24 * 3600
        let reader = EventStreamReader()
        let session = URLSession(configuration: .ephemeral, delegate: reader, delegateQueue: nil)
        let task = session.dataTask(with: request)
        let head = try await withCheckedThrowingContinuation { continuation in
            reader.start(task, onHead: continuation)
        }
        let stream = ServerSentEvents(status: head.status, headers: head.headers)
        stream.connection.withLock { $0 = (session, task) }
        reader.deliver(to: stream)
        return stream
    }

    /// The next event.
    ///
    /// - Parameter timeout: How long to wait for it.
    /// - Returns: The event.
    /// - Throws: ``ServerSentEventsError/noEvent(_:)`` when nothing came in time or the stream
    ///   ended.
    public func next(timeout: Duration = .seconds(5)) async throws -> ServerSentEvent {
        let event: ServerSentEvent? = await withCheckedContinuation { continuation in
            let waiting = state.withLock { state -> Int? in
                if !state.buffered.isEmpty {
                    continuation.resume(returning: state.buffered.removeFirst())
                    return nil
                }
                if state.ended || state.waiter != nil {
                    continuation.resume(returning: nil)
                    return nil
                }
                state.nextWaiter += 1
                state.waiter = (state.nextWaiter, continuation)
                return state.nextWaiter
            }
            guard let waiting else { return }
            let (seconds, attoseconds) = timeout.components
            let delay = Double(seconds) + Double(attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.expire(waiting) }
        }
        guard let event else { throw ServerSentEventsError.noEvent(timeout) }
        return event
    }

    /// The events that arrived and were not read yet, without waiting.
    public func pending() -> [ServerSentEvent] {
        state.withLock { state in
            defer { state.buffered = [] }
            return state.buffered
        }
    }

    /// Closes the connection.
    public func close() {
        let open = connection.withLock { $0.take() }
        open?.task.cancel()
        open?.session.invalidateAndCancel()
        end()
    }

    func receive(_ events: [ServerSentEvent]) {
        for event in events {
            let waiter = state.withLock { state -> CheckedContinuation<ServerSentEvent?, Never>? in
                guard let waiter = state.waiter else {
                    state.buffered.append(event)
                    return nil
                }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume(returning: event)
        }
    }

    func end() {
        let waiter = state.withLock { state in
            state.ended = true
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        waiter?.resume(returning: nil)
    }

    private func expire(_ id: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<ServerSentEvent?, Never>? in
            guard let waiter = state.waiter, waiter.id == id else { return nil }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: nil)
    }
}

/// Why ``ServerSentEvents/next(timeout:)`` or ``FakeBackend/events(at:headers:)`` failed.
public enum ServerSentEventsError: Error, Sendable, Equatable {
    /// Nothing arrived within the timeout, or the stream ended.
    case noEvent(Duration)
    /// The connection failed before the answer's head arrived.
    case connectionFailed(String)
}
