public import TreatyCore

/// Every rule a dialect defines, in documentation order, and where its breakage matrix lives.
///
/// A plugin states its catalogue once (``DialectDescription/ruleCatalog``); `treaty rules` joins it
/// with the cases the dialect's generated suites name (``RuleCoverage``), and a test holds the
/// catalogue's ``RuleDescription/breakages`` to the matrix the file at ``breakageMatrix`` runs.
public struct RuleCatalog: Sendable, Equatable {
    /// The rules, in documentation order.
    public var rules: [RuleDescription]
    /// The test file that runs the dialect's broken backends, relative to the package root.
    public var breakageMatrix: String

    /// Creates a catalogue.
    public init(rules: [RuleDescription], breakageMatrix: String) {
        self.rules = rules
        self.breakageMatrix = breakageMatrix
    }

    /// The description of `id`, if the dialect defines it.
    public func rule(_ id: RuleID) -> RuleDescription? {
        rules.first { $0.id == id }
    }
}
