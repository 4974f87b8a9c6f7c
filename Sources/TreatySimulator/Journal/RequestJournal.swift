import Synchronization
import TreatyDialect

/// Every request the simulator received, oldest first, bounded to the newest `capacity`
/// entries; safe to use from every event loop.
///
/// A request is recorded when its body has been read (``begin(_:)``) and completed with its
/// status and duration just before the answer is written (``finish(_:status:durationMicros:fault:)``),
/// so a client that has its answer finds the entry complete.
final class RequestJournal: Sendable {
    /// Which entries a query selects.
    struct Filter: Sendable {
        var method: String?
        var path: PathPattern?

        func matches(_ entry: JournalEntry) -> Bool {
            if let method, method.uppercased() != entry.method.uppercased() { return false }
            if let path, !path.matches(entry.path) { return false }
            return true
        }
    }

    private struct State {
        var entries: [JournalEntry] = []
        /// The sequence number of `entries[0]`.
        var firstSequence = 0
        var nextSequence = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Records a request and returns its sequence number.
    func begin(_ entry: JournalEntry) -> Int {
        state.withLock { current in
            var entry = entry
            entry.sequence = current.nextSequence
            current.nextSequence += 1
            current.entries.append(entry)
            if current.entries.count >= 2 * capacity {
                // Trim in bulk, so dropping old entries costs O(1) per request on average rather
                // than moving the whole journal for every request; readers see the newest
                // `capacity` entries only.
                let excess = current.entries.count - capacity
                current.entries.removeFirst(excess)
                current.firstSequence += excess
            }
            return entry.sequence
        }
    }

    /// Completes the entry `sequence` (ignored when it was cleared or dropped meanwhile), keeping
    /// the answer when there is one.
    func finish(
        _ sequence: Int, status: Int?, durationMicros: Int64, fault: String?, answer: DialectResponse? = nil,
        note: AnswerNote? = nil
    ) {
        state.withLock { current in
            let index = sequence - current.firstSequence
            guard current.entries.indices.contains(index) else { return }
            current.entries[index].status = status
            current.entries[index].durationMicros = durationMicros
            current.entries[index].fault = fault
            if let answer { current.entries[index].keep(answer) }
            if let note { current.entries[index].note = note }
        }
    }

    /// The entry `sequence`, when the journal still holds it.
    func entry(_ sequence: Int) -> JournalEntry? {
        state.withLock { current in
            let index = sequence - current.firstSequence
            guard current.entries.indices.contains(index), current.entries.count - index <= capacity else { return nil }
            return current.entries[index]
        }
    }

    func entries(matching filter: Filter) -> [JournalEntry] {
        state.withLock { $0.entries.suffix(capacity).filter(filter.matches) }
    }

    func count(matching filter: Filter) -> Int {
        state.withLock { current in current.entries.suffix(capacity).reduce(0) { $0 + (filter.matches($1) ? 1 : 0) } }
    }

    /// Forgets every entry; returns how many there were.
    @discardableResult
    func clear() -> Int {
        state.withLock { current in
            let count = min(current.entries.count, capacity)
            current.firstSequence = current.nextSequence
            current.entries = []
            return count
        }
    }
}
