import Synchronization

/// Hands out table revisions: process-wide, so a number always names the same contents — not
/// reused across stores or for a resource removed and defined again — and a cache keyed by a
/// revision can never serve another table's contents. A restore or reset brings a revision
/// back together with the contents it names.
enum TableRevision {
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}
