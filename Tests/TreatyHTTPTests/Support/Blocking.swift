import Dispatch

/// Runs blocking work (starting processes, reading their pipes) on a Dispatch thread, so that it
/// never occupies one of Swift concurrency's few cooperative threads: with tests running in
/// parallel on two cores, that would delay every other test's continuations.
func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try work() })
        }
    }
}
