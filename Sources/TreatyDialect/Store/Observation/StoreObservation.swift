internal import Synchronization

/// A registration made with ``RecordStore/observe(_:)``; ``cancel()`` ends it.
public final class StoreObservation: Sendable {
    private let ending: Mutex<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        ending = Mutex(cancel)
    }

    /// Stops the observer from being told of later commits. Calling it again does nothing.
    public func cancel() {
        let body = ending.withLock { $0.take() }
        body?()
    }
}
