import Synchronization
import TreatyDialect

/// Single-record answers (`GET /projects/{project_id}/tasks/{id}`) kept serialized, each at the
/// revisions of the tables it was read from (``RESTRoute/dependencies``): a repeated read
/// writes bytes already made, and a write to any of those tables makes them unreachable.
///
/// The dialect's most frequent read, so it has its own cache rather than a generic
/// ``TreatyDialect/RevisionCache``: an answer is found by its endpoint and record id with one
/// lock and one hash, its parent and revisions compared in place (no array for up to two
/// tables). Bounded like a RevisionCache: past ``capacity`` answers or ``byteLimit`` bytes the
/// oldest go, a quarter of them at least; an answer over a quarter of the limit is not kept.
final class RecordViews: Sendable {
    /// The revisions an answer depends on, read from the store in ``RESTRoute/dependencies``
    /// order.
    struct Revisions: Equatable, Sendable {
        private var first: UInt64 = 0
        private var second: UInt64 = 0
        private var more: [UInt64] = []

        /// The revisions of `route`'s dependencies as the store has them now.
        init(of route: RESTRoute, store: RecordStore) throws(StoreError) {
            let tables = route.dependencies
            first = try store.revision(of: tables[0])
            if tables.count > 1 { second = try store.revision(of: tables[1]) }
            for table in tables.dropFirst(2) { more.append(try store.revision(of: table)) }
        }
    }

    private struct Key: Hashable {
        /// The endpoint's index: endpoints nesting other relations answer the same record differently.
        let endpoint: Int
        let id: String
    }

    private struct Entry {
        let parentID: String?
        let revisions: Revisions
        let body: [UInt8]
    }

    /// The most answers kept.
    static let capacity = 65_536
    /// The most bytes kept answers and their keys may hold.
    static let byteLimit = 64 << 20

    private let state = Mutex(OldestFirstEntries<Key, Entry>())

    /// The answer kept for record `id` of `parentID` through endpoint `endpoint` at `revisions`.
    func answer(endpoint: Int, parentID: String?, id: String, at revisions: Revisions) -> [UInt8]? {
        state.withLock { state in
            guard let entry = state[Key(endpoint: endpoint, id: id)], entry.parentID == parentID,
                entry.revisions == revisions
            else { return nil }
            return entry.body
        }
    }

    /// Keeps `body`, read at `revisions`, as the answer for record `id` of `parentID` through
    /// endpoint `endpoint`, replacing an earlier one.
    func keep(_ body: [UInt8], endpoint: Int, parentID: String?, id: String, at revisions: Revisions) {
        let weight = body.count + id.utf8.count + (parentID?.utf8.count ?? 0) + 64
        guard weight <= Self.byteLimit / 4 else { return }
        let key = Key(endpoint: endpoint, id: id)
        state.withLock { state in
            state.keep(
                Entry(parentID: parentID, revisions: revisions, body: body), for: key, weight: weight,
                capacity: Self.capacity, byteLimit: Self.byteLimit)
        }
    }
}
