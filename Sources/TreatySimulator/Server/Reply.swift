import TreatyDialect

/// What the server does with one request, decided by ``RequestProcessor``: answer (possibly
/// after a delay) or drop the connection.
struct Reply: Sendable {
    enum Action: Sendable {
        case respond(DialectResponse)
        /// Close the connection without an answer (a reset fault).
        case reset
        /// Ask the live backend (``PassThrough``); `target` is the path and query as received.
        case forward(DialectRequest, target: String)
    }

    var action: Action
    /// How long to wait before acting, in milliseconds.
    var delayMilliseconds: Int = 0
    /// The journal entry to complete, or `nil` for admin requests.
    var sequence: Int?
    var method: String
    var path: String
    /// The fault that fired, by name, for the journal.
    var fault: String?
    /// What the journal keeps beside the answer: who answered, validation, near misses.
    var note: AnswerNote?
    /// When the request head arrived.
    var started: ContinuousClock.Instant
}
