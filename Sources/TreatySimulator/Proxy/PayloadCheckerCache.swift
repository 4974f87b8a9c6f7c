import Synchronization
import TreatyDialectKit

/// The payload checkers a validating proxy built, by request (method, path and query), so that
/// a request judged before is judged again without building its checker anew: resolving the
/// endpoint and planning its checks cost more than checking a small answer.
///
/// A checker has one user at a time: ``take(_:)`` removes it from the cache and ``give(_:for:)``
/// puts it back after the check, so two answers of the same request judged at once use two
/// checkers. A checker carries nothing from one payload to the next (`treaty check` runs one
/// over many files). The cache holds at most ``capacity`` requests and starts over when full.
final class PayloadCheckerCache: Sendable {
    /// What the cache keeps for one request: its checker, or `nil` when no contract endpoint
    /// matches the request (that answer is kept too, so it is not resolved again).
    struct Entry: @unchecked Sendable {
        // `@unchecked`: a checker is not `Sendable`, but it is never shared — it is moved into
        // the cache under the lock and moved out to one caller, who gives it back when done.
        var checker: (any PayloadChecker)?
    }

    /// The most requests kept.
    static let capacity = 512

    private let entries = Mutex<[EndpointRequest: Entry]>([:])

    /// Creates an empty cache.
    init() {}

    /// The entry of `request`, taken out of the cache when it holds a checker; `nil` when the
    /// request has not been judged (or its checker is in use).
    func take(_ request: EndpointRequest) -> Entry? {
        entries.withLock { entries -> Entry? in
            guard let entry = entries[request] else { return nil }
            if entry.checker != nil { entries[request] = nil }
            return entry
        }
    }

    /// Keeps `entry` for `request`, replacing what the cache holds for it.
    func give(_ entry: Entry, for request: EndpointRequest) {
        entries.withLock { entries in
            if entries.count >= Self.capacity, entries[request] == nil { entries.removeAll(keepingCapacity: true) }
            entries[request] = entry
        }
    }
}
