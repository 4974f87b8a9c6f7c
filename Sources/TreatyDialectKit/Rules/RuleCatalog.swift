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
    /// The dialect's spec file, e.g. `my-dialect.md`, whose sections the clause ids cite.
    public var spec: String
    /// Every sentence of the spec that states a server behaviour, in spec order.
    public var clauses: [SpecClause]

    /// Creates a catalogue.
    ///
    /// - Parameters:
    ///   - rules: The rules, in documentation order.
    ///   - breakageMatrix: The test file that runs the dialect's broken backends.
    ///   - spec: The dialect's spec file.
    ///   - clauses: The spec's clauses of server behaviour, in spec order.
    public init(rules: [RuleDescription], breakageMatrix: String, spec: String = "", clauses: [SpecClause] = []) {
        self.rules = rules
        self.breakageMatrix = breakageMatrix
        self.spec = spec
        self.clauses = clauses
    }

    /// The description of `id`, if the dialect defines it.
    public func rule(_ id: RuleID) -> RuleDescription? {
        rules.first { $0.id == id }
    }

    /// The clause `id`, if the dialect states it.
    public func clause(_ id: String) -> SpecClause? {
        clauses.first { $0.id == id }
    }
}
