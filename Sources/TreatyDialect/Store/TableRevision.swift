import Synchronization

/// Hands out table revisions: process-wide, so a number is never reused — not across stores,
/// resets, restores or a resource removed and defined again — and a cache keyed by a revision
/// can never serve another table's contents.
enum TableRevision {
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}
