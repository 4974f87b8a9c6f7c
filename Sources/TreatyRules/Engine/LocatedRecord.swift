import TreatyCore
import TreatyJSON

/// A record the rules report about: where it sits in the payload.
protocol LocatedRecord {
    /// The record's pointer in the payload.
    var pointer: JSONPointer { get }
    /// Where the record starts in the payload, when known.
    var position: JSONSourcePosition? { get }
}

extension LocatedRecord {
    /// A violation about `key` of this record (or the record itself when `key` is `nil`).
    func violation(
        _ rule: RuleID,
        key: String? = nil,
        severity: Diagnostic.Severity = .error,
        _ message: String,
        expected: String,
        found: String,
        fix: String
    ) -> RuleViolation {
        RuleViolation(
            rule: rule, severity: severity, pointer: key.map { pointer.appending($0) } ?? pointer, message: message,
            expected: expected, found: found, fix: fix, position: position)
    }
}
