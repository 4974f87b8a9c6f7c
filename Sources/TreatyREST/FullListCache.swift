import Synchronization

/// Serialized full lists (no sync cursor), keyed by the revisions of the tables they were
/// computed from: the listed resource and, for a scoped list, its parent (whose record decides
/// between the list and a 404). A revision names one table content for good, so an entry is
/// never stale; a write simply makes new keys. Bounded by ``byteLimit`` (it starts over when
/// full).
final class FullListCache: Sendable {
    struct Key: Hashable {
        let resource: String
        let parentID: String?
        let revisions: [UInt64]
    }

    /// The most bytes the cache holds.
    static let byteLimit = 64 << 20

    private struct Entries {
        var bodies: [Key: [UInt8]] = [:]
        var bytes = 0
    }

    private let entries = Mutex(Entries())

    func body(for key: Key) -> [UInt8]? {
        entries.withLock { $0.bodies[key] }
    }

    func store(_ body: [UInt8], for key: Key) {
        guard body.count <= Self.byteLimit / 4 else { return }
        entries.withLock { entries in
            if entries.bytes + body.count > Self.byteLimit { entries = Entries() }
            if let old = entries.bodies.updateValue(body, forKey: key) { entries.bytes -= old.count }
            entries.bytes += body.count
        }
    }
}
