internal import Synchronization

/// A response body sent as it is produced — a server-sent event stream, say — instead of all at
/// once: the dialect ``send(_:)``s chunks from any thread, the server writes them out in order
/// and flushes each.
///
/// The stream is bounded: chunks the client has not taken yet count against ``capacity`` (in
/// bytes), and a ``send(_:)`` that would pass it ends the stream instead (``Ending/overflowed``),
/// dropping what was queued, so a client that stops reading never makes the server's memory
/// grow. The server takes chunks only while the connection can take them.
///
/// The stream ends once, for the first of these reasons (``Ending``); its `onEnd` handler then
/// runs, once, on the thread that ended it:
/// - the dialect calls ``finish()`` (the server writes what is queued, then ends the response);
/// - the queue overflows (the server closes the connection);
/// - the client goes away, or the server stops (the server calls ``cancel()``);
/// - nothing was sent for ``idleTimeout``, or the stream has been open for ``maxDuration`` (the
///   server ends the response as for ``finish()``).
///
/// Servers must guarantee: chunks are written in the order sent; ``take()`` is called only when
/// the connection can take more; ``cancel()`` is called when the connection closes.
public final class ResponseStream: Sendable {
    /// Why a stream ended.
    public enum Ending: Sendable, Hashable {
        /// The dialect finished it.
        case finished
        /// A send would have passed the capacity.
        case overflowed
        /// The client went away or the server stopped.
        case cancelled
        /// Nothing was sent for the idle timeout, or the stream reached its longest duration.
        case timedOut
    }

    private struct State {
        var chunks: [[UInt8]] = []
        var queuedBytes = 0
        var ending: Ending?
        var wake: (@Sendable () -> Void)?
        var wakePending = false
        var onEnd: (@Sendable (Ending) -> Void)?
    }

    /// The most bytes queued for the client at once.
    public let capacity: Int
    /// How long the stream may go without a chunk before the server ends it; `nil` for ever.
    public let idleTimeout: Duration?
    /// How long the stream may stay open in all; `nil` for ever.
    public let maxDuration: Duration?
    private let state: Mutex<State>

    /// Creates an open stream.
    ///
    /// - Parameters:
    ///   - capacity: The most bytes queued for the client at once.
    ///   - idleTimeout: How long it may go without a chunk before the server ends it.
    ///   - maxDuration: How long it may stay open in all.
    ///   - onEnd: Runs once when the stream ends, with the reason.
    public init(
        capacity: Int, idleTimeout: Duration? = nil, maxDuration: Duration? = nil,
        onEnd: @escaping @Sendable (Ending) -> Void = { _ in }
    ) {
        self.capacity = capacity
        self.idleTimeout = idleTimeout
        self.maxDuration = maxDuration
        state = Mutex(State(onEnd: onEnd))
    }

    /// Queues `bytes` for the client.
    ///
    /// - Returns: `false` when the stream has ended — now, because `bytes` would pass the
    ///   capacity, or before.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        let (wake, ended, accepted) = state.withLock {
            state -> ((@Sendable () -> Void)?, (Ending, (@Sendable (Ending) -> Void)?)?, Bool) in
            guard state.ending == nil else { return (nil, nil, false) }
            guard state.queuedBytes + bytes.count <= capacity else {
                state.chunks = []
                state.queuedBytes = 0
                return (state.wake, Self.end(&state, .overflowed), false)
            }
            state.chunks.append(bytes)
            state.queuedBytes += bytes.count
            guard !state.wakePending else { return (nil, nil, true) }
            state.wakePending = true
            return (state.wake, nil, true)
        }
        if let (ending, onEnd) = ended { onEnd?(ending) }
        wake?()
        return accepted
    }

    /// Ends the stream once the queued chunks are written.
    public func finish() {
        end(.finished)
    }

    /// Ends the stream because the client went away, or the server gave up on it.
    ///
    /// - Parameter reason: ``Ending/cancelled`` or ``Ending/timedOut``.
    public func cancel(_ reason: Ending = .cancelled) {
        end(reason)
    }

    /// Why the stream ended; `nil` while it is open.
    public var ending: Ending? {
        state.withLock { $0.ending }
    }

    /// For the server: `wake` runs (on any thread) whenever chunks arrive after a ``take()``, or
    /// the stream ends. It runs at once if there is something to take already.
    public func attach(wake: @escaping @Sendable () -> Void) {
        let ready = state.withLock { state -> Bool in
            state.wake = wake
            guard !state.chunks.isEmpty || state.ending != nil else { return false }
            state.wakePending = true
            return true
        }
        if ready { wake() }
    }

    /// For the server: the chunks queued so far, in order, and why the stream ended if it has.
    public func take() -> (chunks: [[UInt8]], ending: Ending?) {
        state.withLock { state in
            defer {
                state.chunks = []
                state.queuedBytes = 0
                state.wakePending = false
            }
            return (state.chunks, state.ending)
        }
    }

    private func end(_ reason: Ending) {
        let (wake, ended) = state.withLock { state in
            (state.wake, Self.end(&state, reason))
        }
        guard let (ending, onEnd) = ended else { return }
        onEnd?(ending)
        wake?()
    }

    private static func end(_ state: inout State, _ reason: Ending) -> (Ending, (@Sendable (Ending) -> Void)?)? {
        guard state.ending == nil else { return nil }
        state.ending = reason
        defer { state.onEnd = nil }
        return (reason, state.onEnd)
    }
}
