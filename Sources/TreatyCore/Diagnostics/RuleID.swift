/// The identifier of a rule, such as `RS-NL-1` for a conformance rule or `unknown-key` for a
/// contract-loading rule.
///
/// Every ``Diagnostic`` that a rule produces names it, so users can look the rule up and tools
/// can filter on it.
public struct RuleID: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    public var description: String { rawValue }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
