import Dispatch
import Synchronization

/// Runs async library work from the synchronous commands (the root command's `main` is
/// synchronous so it can map every error to an exit status).
enum AsyncBridge {
    /// Runs `body` on the concurrency pool and waits for it on this thread.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // The one task is awaited right here: nothing outlives `run`.
        Task {
            let outcome: Result<T, any Error>
            do {
                outcome = .success(try await body())
            } catch {
                outcome = .failure(error)
            }
            result.withLock { $0 = outcome }
            finished.signal()
        }
        finished.wait()
        guard let outcome = result.withLock({ $0 }) else { throw AsyncBridgeError() }
        return try outcome.get()
    }

    struct AsyncBridgeError: Error {}
}
