internal import TreatyDialectKit

extension PocketBasePlugin {
    /// The clauses of `shared/dialects/pocketbase.md` that state a server behaviour, in spec order: the
    /// clause → case map `treaty rules --clauses` shows.
    static let specClauses: [SpecClause] = []
}
