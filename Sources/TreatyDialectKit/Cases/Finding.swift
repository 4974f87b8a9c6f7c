public import TreatyCore
public import TreatyJSON

/// One thing a case found wrong: a rule a response broke, a status that was not the expected
/// one, a matcher that did not hold, or a transport failure.
///
/// A finding is rendered on one line as `<rule> <pointer>: <summary>` (the JUnit failure
/// `message`), and in full with ``detail`` (expected, found, the fix).
public struct Finding: Sendable, Hashable {
    /// What kind of problem this is; it becomes the JUnit failure `type`.
    public enum Category: String, Sendable, Hashable {
        /// A contract rule was broken (`RS-NL-3` …).
        case ruleViolation = "RuleViolation"
        /// The response status was not the expected one.
        case statusMismatch = "StatusMismatch"
        /// A scenario matcher or a body comparison did not hold.
        case bodyMismatch = "BodyMismatch"
        /// The request could not be sent or answered (connection refused, timeout, TLS).
        case transportError = "TransportError"
        /// The case could not run as written (bad template, missing capture, unsafe live write).
        case harnessError = "HarnessError"
    }

    /// The rule the finding proves broken, when there is one.
    public var rule: RuleID?
    /// The kind of problem.
    public var category: Category
    /// Where in the response body the problem is, when it is in a body.
    public var pointer: JSONPointer?
    /// One line: what is wrong.
    public var summary: String
    /// Further lines: expected and found values, the request that showed it, the fix.
    public var detail: String
    /// What the contract expects at ``pointer``, when a rule says (reports show it beside the
    /// answer).
    public var expected: String?
    /// What the answer has at ``pointer``: `missing`, `null`, or the value.
    public var found: String?

    /// Creates a finding.
    public init(
        rule: RuleID? = nil,
        category: Category,
        pointer: JSONPointer? = nil,
        summary: String,
        detail: String = "",
        expected: String? = nil,
        found: String? = nil
    ) {
        self.rule = rule
        self.category = category
        self.pointer = pointer
        self.summary = summary
        self.detail = detail
        self.expected = expected
        self.found = found
    }

    /// The one-line form: rule id, JSON pointer and summary, e.g.
    /// `RS-NL-3 /assignee_id: PATCH {"assignee_id":null} kept the value`.
    public var headline: String {
        var parts: [String] = []
        if let rule { parts.append(rule.rawValue) }
        if let pointer { parts.append(pointer.description.isEmpty ? "/" : pointer.description) }
        let prefix = parts.joined(separator: " ")
        return prefix.isEmpty ? summary : "\(prefix): \(summary)"
    }
}
