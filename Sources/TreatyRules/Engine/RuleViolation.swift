public import TreatyCore
public import TreatyJSON

/// One way a payload breaks a contract rule.
///
/// A violation names the rule, the JSON pointer of the offending value, what was expected and
/// what was found — saying explicitly "missing" for an absent key and "null" for a null value —
/// and how to fix it.
public struct RuleViolation: Sendable, Hashable {
    /// The rule broken.
    public var rule: RuleID
    /// Error, or warning for findings that do not make a payload non-conforming.
    public var severity: Diagnostic.Severity
    /// The offending value inside the payload.
    public var pointer: JSONPointer
    /// One line saying what is wrong.
    public var message: String
    /// What the contract expects there.
    public var expected: String
    /// What the payload has there: "missing", "null", or the quoted value.
    public var found: String
    /// How to fix it.
    public var fix: String
    /// Where the record that holds the value starts in the payload, when known.
    public var position: JSONSourcePosition?

    /// Creates a violation.
    public init(
        rule: RuleID,
        severity: Diagnostic.Severity = .error,
        pointer: JSONPointer,
        message: String,
        expected: String,
        found: String,
        fix: String,
        position: JSONSourcePosition? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.pointer = pointer
        self.message = message
        self.expected = expected
        self.found = found
        self.fix = fix
        self.position = position
    }

    /// The violation as a diagnostic located in `file`, seen in `context` (e.g. an endpoint).
    public func diagnostic(file: String, context: String?) -> Diagnostic {
        Diagnostic(
            severity: severity, rule: rule, message: message,
            location: SourceLocation(file: file, line: position?.line, column: position?.column), pointer: pointer,
            context: context, details: ["expected \(expected); found \(found)"], fix: fix)
    }
}
