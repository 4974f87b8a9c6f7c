/// One way a live backend's answer broke the contract, as `treaty serve --validate` found it.
///
/// Every text is shown as found with secret values masked (``TreatySecrets/SecretPolicy``), so
/// it may go to the log, the journal and a JUnit file.
public struct AnswerViolation: Sendable, Hashable {
    /// The rule broken, e.g. `RS-NULL-1`.
    public var rule: String
    /// Where in the answer's body, as a JSON pointer (empty for the whole document).
    public var pointer: String
    /// What is wrong, with secret values masked.
    public var message: String

    /// Creates a violation.
    ///
    /// - Parameters:
    ///   - rule: The rule broken.
    ///   - pointer: Where in the body, as a JSON pointer.
    ///   - message: What is wrong.
    public init(rule: String, pointer: String, message: String) {
        self.rule = rule
        self.pointer = pointer
        self.message = message
    }
}
