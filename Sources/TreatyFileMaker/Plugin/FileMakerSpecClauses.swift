internal import TreatyDialectKit

extension FileMakerPlugin {
    /// The clauses of `shared/dialects/filemaker.md` that state a server behaviour, in spec order: the
    /// clause → case map `treaty rules --clauses` shows.
    static let specClauses: [SpecClause] = []
}
