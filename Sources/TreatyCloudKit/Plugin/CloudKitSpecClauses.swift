internal import TreatyDialectKit

extension CloudKitPlugin {
    /// The clauses of `shared/dialects/cloudkit.md` that state a server behaviour, in spec order: the
    /// clause → case map `treaty rules --clauses` shows.
    static let specClauses: [SpecClause] = []
}
