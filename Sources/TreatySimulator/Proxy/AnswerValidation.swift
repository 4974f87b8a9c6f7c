/// What `treaty serve --validate` found in one answer of the live backend.
public struct AnswerValidation: Sendable, Hashable {
    /// The contract endpoint the answer was judged as (e.g. `GET /projects/{project_id}/tasks`),
    /// or `nil` when no endpoint of the contract matches the request.
    public var endpoint: String?
    /// Whether the answer was judged at all (a body of a matched endpoint, or an error body);
    /// redirects, empty and non-JSON answers are not.
    public var judged: Bool
    /// The violations, in body order.
    public var violations: [AnswerViolation]

    /// Creates a validation.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint judged as, if any.
    ///   - judged: Whether the answer was judged.
    ///   - violations: The violations found.
    public init(endpoint: String?, judged: Bool, violations: [AnswerViolation] = []) {
        self.endpoint = endpoint
        self.judged = judged
        self.violations = violations
    }
}
