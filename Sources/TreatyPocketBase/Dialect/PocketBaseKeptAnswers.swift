internal import Foundation
internal import Synchronization

/// Answers of reads kept by request and caller while nothing they could depend on changes: the
/// collections (their generation) and every collection's records (their store revisions — a
/// rule, a filter or an expand may read another collection, and the caller's own record lives
/// in one). Views without parameters (`GET …/records/{id}`) and lists (`GET …/records?…`, keyed
/// by their whole query) are kept, unless a rule or the query reads the clock, `@random` or the
/// request beyond the caller.
///
/// At most ``capacity`` answers are kept; past it, all are dropped.
final class PocketBaseKeptAnswers: Sendable {
    static let capacity = 4096

    private struct Kept {
        let validity: [UInt64]
        let bytes: [UInt8]
    }

    private let answers = Mutex<[String: Kept]>([:])

    /// The answer kept for `key` at `validity`, if any.
    func answer(_ key: String, validity: [UInt64]) -> [UInt8]? {
        answers.withLock { answers in
            guard let kept = answers[key], kept.validity == validity else { return nil }
            return kept.bytes
        }
    }

    /// Keeps `bytes` for `key` at `validity`.
    func keep(_ bytes: [UInt8], for key: String, validity: [UInt64]) {
        answers.withLock { answers in
            if answers[key] == nil, answers.count >= Self.capacity { answers.removeAll() }
            answers[key] = Kept(validity: validity, bytes: bytes)
        }
    }

    /// Whether a rule's (or a list query's) answer depends only on records, collections and the
    /// caller's record: no clock macro, no `@random`, no request header, query, method or body.
    static func isCacheable(_ rule: String?) -> Bool {
        guard let rule else { return true }
        let rest = rule.replacingOccurrences(of: "@request.auth.", with: "")
            .replacingOccurrences(of: "@collection.", with: "")
        return !rest.contains("@")
    }
}
