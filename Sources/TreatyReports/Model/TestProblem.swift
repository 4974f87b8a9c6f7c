/// What went wrong in a failed or errored test case.
///
/// Written as `<failure message="…" type="…">detail</failure>` (or `<error …>`). CI tools show the
/// message as the title and the detail as the "stack trace".
public struct TestProblem: Sendable, Hashable {
    /// A one-line summary such as `status: expected 422, got 200`. The writer turns line breaks into
    /// spaces, because parsers do the same to attributes anyway.
    public var message: String
    /// A stable category: `StatusMismatch`, `BodyMismatch`, `RuleViolation`, `TransportError` …
    public var type: String
    /// The full detail: diff, request and response. May span many lines.
    public var detail: String

    /// Creates a problem.
    ///
    /// - Parameters:
    ///   - message: A one-line summary.
    ///   - type: A stable category, for example `StatusMismatch`.
    ///   - detail: The full detail.
    public init(message: String, type: String, detail: String) {
        self.message = message
        self.type = type
        self.detail = detail
    }
}
