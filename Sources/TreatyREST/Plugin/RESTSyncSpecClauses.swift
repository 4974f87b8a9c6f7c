internal import TreatyDialectKit

extension RESTSyncPlugin {
    /// The clauses of `shared/dialects/rest-sync.md` that state a server behaviour, in spec order: the
    /// clause → case map `treaty rules --clauses` shows.
    static let specClauses: [SpecClause] = []
}
