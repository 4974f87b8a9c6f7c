/// Answers of reads kept by request and caller while nothing they could depend on changes: the
/// collections (their generation) and every collection's records (their store revisions — a
/// rule, a filter or an expand may read another collection, and the caller's own record lives
/// in one). Views without parameters (`GET …/records/{id}`) and lists (`GET …/records?…`, keyed
/// by their whole query) are kept, unless a rule or the query reads the clock, `@random` or the
/// request beyond the caller.
///
/// The answers themselves live in a ``TreatyDialect/RevisionCache`` keyed by request and caller
/// (at most ``capacity`` of them, ``byteLimit`` bytes); this says which may be kept.
enum PocketBaseKeptAnswers {
    static let capacity = 4096
    static let byteLimit = 64 << 20

    /// Whether a rule's (or a list query's) answer depends only on records, collections and the
    /// caller's record: no clock macro, no `@random`, no request header, query, method or body.
    static func isCacheable(_ rule: String?) -> Bool {
        guard let rule else { return true }
        let bytes = Array(rule.utf8)
        var index = bytes.firstIndex(of: UInt8(ascii: "@"))
        while let at = index {
            let rest = bytes[(at + 1)...]
            guard let prefix = allowedPrefixes.first(where: { rest.starts(with: $0) }) else { return false }
            let next = at + 1 + prefix.count
            index = bytes[next...].firstIndex(of: UInt8(ascii: "@"))
        }
        return true
    }

    /// What may follow an `@` in a kept answer's rule or query: the caller's record and other
    /// collections' records, which the revisions cover.
    private static let allowedPrefixes: [[UInt8]] = [Array("request.auth.".utf8), Array("collection.".utf8)]
}
