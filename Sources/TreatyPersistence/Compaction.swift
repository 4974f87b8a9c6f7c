internal import Dispatch
import Synchronization

/// Runs compaction in the background when the log has grown, one at a time: a request while one
/// runs (or before the store is ready) is dropped, and the next flush asks again.
final class Compaction: Sendable {
    private let state = Mutex<(work: (@Sendable () -> Void)?, running: Bool)>((nil, false))
    private let queue = DispatchQueue(label: "treaty.persist.compaction", qos: .utility)

    /// Sets what a compaction does; requests before this are ignored.
    func attach(_ work: @escaping @Sendable () -> Void) {
        state.withLock { $0.work = work }
    }

    /// Stops compacting: later requests are ignored, and a compaction under way is waited for.
    func finish() {
        state.withLock { $0.work = nil }
        queue.sync {}
    }

    /// Starts a compaction unless one is running.
    func request() {
        let work = state.withLock { current -> (@Sendable () -> Void)? in
            guard !current.running, let work = current.work else { return nil }
            current.running = true
            return work
        }
        guard let work else { return }
        queue.async { [self] in
            work()
            state.withLock { $0.running = false }
        }
    }
}
