internal import Foundation

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
        let rest = rule.replacingOccurrences(of: "@request.auth.", with: "")
            .replacingOccurrences(of: "@collection.", with: "")
        return !rest.contains("@")
    }
}
