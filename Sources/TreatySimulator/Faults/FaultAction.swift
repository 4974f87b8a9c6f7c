public import HTTPTypes

/// What a ``FaultRule`` does to a request it fires on.
public enum FaultAction: Sendable, Hashable {
    /// Delays the response by a number of milliseconds drawn uniformly from the range (a
    /// one-value range is a fixed delay). The delay is scheduled on the event loop; no thread
    /// sleeps.
    case latency(milliseconds: ClosedRange<Int>)
    /// Answers with this status and the dialect's error body (see
    /// ``SimulatorFailure/injectedStatus(_:)``) instead of serving the request.
    case status(HTTPResponse.Status)
    /// Closes the connection without a response.
    case reset
    /// Answers 429 with the dialect's error body and a `Retry-After` of this many seconds.
    case rateLimit(retryAfterSeconds: Int)

    /// A fixed delay of `milliseconds`.
    public static func latency(_ milliseconds: Int) -> FaultAction {
        .latency(milliseconds: milliseconds...milliseconds)
    }

    /// Whether the action replaces the response (every action but latency does).
    var isTerminal: Bool {
        if case .latency = self { return false }
        return true
    }
}
