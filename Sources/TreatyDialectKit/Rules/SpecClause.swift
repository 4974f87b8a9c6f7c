/// One sentence of a dialect's spec that states a server behaviour, as `treaty rules --clauses`
/// lists it.
///
/// A dialect states its clauses once, in spec order (``RuleCatalog/clauses``), and tags each
/// generated case with the clauses it proves (``VerificationCase/clauses``): the case fails when
/// a server breaks the behaviour the clause states. ``ClauseCoverage`` joins the two.
public struct SpecClause: Sendable, Equatable {
    /// The clause's id, unique in its dialect: the spec section and the clause's place in it,
    /// e.g. `§2.3` (section 2, third clause), `§Endpoints.4` (an unnumbered section, by its first
    /// word) or `RS-NL-2.1` (rule `RS-NL-2`, first clause) in a spec whose rules have ids.
    public var id: String
    /// The behaviour, in the spec's words (abridged where a sentence is long).
    public var text: String
    /// Why no case can see the behaviour, when none can on purpose (it is the client's duty, a
    /// limit too large to reach in a test, a wall-clock wait); `nil` for a clause cases prove.
    public var untestable: String?

    /// Creates a clause.
    ///
    /// - Parameters:
    ///   - id: The id, unique in the dialect.
    ///   - text: The behaviour, in the spec's words.
    ///   - untestable: Why no case can see it, when none can on purpose.
    public init(_ id: String, _ text: String, untestable: String? = nil) {
        self.id = id
        self.text = text
        self.untestable = untestable
    }
}
