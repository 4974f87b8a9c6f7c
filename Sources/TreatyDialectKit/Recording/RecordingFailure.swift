/// Why a recording stopped: an unreachable target, refused credentials, an unreadable answer or
/// a page loop, naming the endpoint.
public struct RecordingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, e.g. `GET /api/collections/posts/records?page=3: page loop: …`.
    public var message: String
    /// The endpoint or request that failed, e.g. `GET /projects`.
    public var endpoint: String
    /// Why the target's answer is unusable (not a transport problem or refused credentials):
    /// such failures are answers the dialect cannot read.
    public var kind: Kind

    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The target did not answer.
        case unreachable
        /// The target refused the credentials (401 or 403).
        case refused
        /// The answer is not what the dialect reads (status, body or shape).
        case unreadable
        /// The same page or marker came back: the list never ends.
        case pageLoop
    }

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - endpoint: The endpoint or request that failed.
    ///   - message: What happened and how to fix it.
    public init(_ kind: Kind, at endpoint: String, _ message: String) {
        self.kind = kind
        self.endpoint = endpoint
        self.message = message
    }

    public var description: String { "\(endpoint): \(message)" }
}
