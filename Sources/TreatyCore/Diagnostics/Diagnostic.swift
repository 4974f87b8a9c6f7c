public import TreatyJSON

/// One finding about a contract, a fixture or a payload, rendered like compiler output.
///
/// A diagnostic says what is wrong (``message``), where (``location`` and ``pointer``), which
/// rule says so (``rule``), what was expected and found (``details``) and how to fix it
/// (``fix``). See ``DiagnosticRenderer`` for the text form:
///
/// ```
/// Contracts/demo/contract.yaml:14:9: error: [unknown-key] unknown key 'requird' in field 'title'
///   requird: true
///   ^
///   did you mean 'required'?
/// ```
public struct Diagnostic: Sendable, Hashable {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Not usable or not conforming; makes a command fail.
        case error
        /// Suspicious but not fatal.
        case warning
        /// Extra information attached to a run.
        case note

        public var description: String { rawValue }

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How serious the finding is.
    public var severity: Severity
    /// The rule that produced it.
    public var rule: RuleID
    /// One line saying what is wrong.
    public var message: String
    /// The file position, when known.
    public var location: SourceLocation?
    /// The JSON pointer of the value concerned, when the finding is about a JSON value.
    public var pointer: JSONPointer?
    /// Where the value was seen, e.g. `GET /projects/{project_id}/tasks`.
    public var context: String?
    /// Further lines: what was expected and what was found, or a "did you mean" hint.
    public var details: [String]
    /// How to fix it.
    public var fix: String?
    /// The offending source line with a caret under the column, when the source is text.
    public var snippet: String?

    /// Creates a diagnostic.
    public init(
        severity: Severity,
        rule: RuleID,
        message: String,
        location: SourceLocation? = nil,
        pointer: JSONPointer? = nil,
        context: String? = nil,
        details: [String] = [],
        fix: String? = nil,
        snippet: String? = nil
    ) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
        self.pointer = pointer
        self.context = context
        self.details = details
        self.fix = fix
        self.snippet = snippet
    }

    /// An error diagnostic.
    public static func error(
        _ rule: RuleID,
        _ message: String,
        at location: SourceLocation? = nil,
        details: [String] = [],
        fix: String? = nil
    ) -> Diagnostic {
        Diagnostic(severity: .error, rule: rule, message: message, location: location, details: details, fix: fix)
    }

    /// A warning diagnostic.
    public static func warning(
        _ rule: RuleID,
        _ message: String,
        at location: SourceLocation? = nil,
        details: [String] = [],
        fix: String? = nil
    ) -> Diagnostic {
        Diagnostic(severity: .warning, rule: rule, message: message, location: location, details: details, fix: fix)
    }
}

extension Sequence<Diagnostic> {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool {
        contains { $0.severity == .error }
    }
}
