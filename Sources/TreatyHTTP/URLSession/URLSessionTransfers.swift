internal import Dispatch
internal import Foundation
internal import Synchronization

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

/// The URLSession transport's running requests, keyed by task identifier, and the session's
/// delegate: it refuses redirects, collects each body up to the limit and resumes each caller
/// once, whichever comes first — the answer, an error, the timeout, a cancellation or shutdown.
final class URLSessionTransfers: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        let task: URLSessionDataTask
        let context: HTTPClientErrorContext
        var continuation: CheckedContinuation<HTTPClientResponse, any Error>?
        var started = ContinuousClock.now
        /// Why the request ended before it was started (then it is never sent).
        var abort: HTTPClientError.Base?
        var body: [UInt8] = []
    }

    private struct State {
        var isShutDown = false
        var transfers: [Int: Transfer] = [:]
    }

    private let state = Mutex(State())
    private let maxBodySize: Int

    init(maxBodySize: Int) {
        self.maxBodySize = maxBodySize
    }

    /// Creates a task with `makeTask` (not resumed yet) and records it, unless the transport is
    /// shut down: its session is then invalidated, and URLSession traps on a new task.
    ///
    /// - Returns: The task's identifier, which names the request from now on.
    /// - Throws: ``HTTPClientError/shutDown`` once ``shutDown()`` has been called.
    func register(context: HTTPClientErrorContext, makeTask: () -> URLSessionDataTask) throws(HTTPClientError) -> Int {
        let key = state.withLock { state -> Int? in
            guard !state.isShutDown else { return nil }
            let task = makeTask()
            state.transfers[task.taskIdentifier] = Transfer(task: task, context: context)
            return task.taskIdentifier
        }
        guard let key else { throw HTTPClientError(.shutDown, context: context) }
        return key
    }

    /// Sends the request, or fails it at once when it was cancelled or shut down before.
    func start(_ key: Int, continuation: CheckedContinuation<HTTPClientResponse, any Error>, timeout: Duration) {
        let refusal = state.withLock { state -> HTTPClientError? in
            guard var transfer = state.transfers[key] else { return HTTPClientError(.shutDown) }
            if let abort = transfer.abort {
                state.transfers[key] = nil
                return HTTPClientError(abort, context: transfer.context)
            }
            transfer.continuation = continuation
            transfer.started = .now
            state.transfers[key] = transfer
            transfer.task.resume()
            return nil
        }
        if let refusal {
            continuation.resume(throwing: refusal)
            return
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.timeInterval) { [weak self] in
            self?.abort(key, .timedOut)
        }
    }

    /// Ends the request with `reason`: at once when it is running, when it starts otherwise.
    func abort(_ key: Int, _ reason: HTTPClientError.Base) {
        let running = state.withLock { state -> Transfer? in
            guard var transfer = state.transfers[key], transfer.abort == nil else { return nil }
            guard transfer.continuation != nil else {
                transfer.abort = reason
                state.transfers[key] = transfer
                return nil
            }
            state.transfers[key] = nil
            return transfer
        }
        guard let running, let continuation = running.continuation else { return }
        running.task.cancel()
        continuation.resume(throwing: HTTPClientError(reason, context: running.context))
    }

    /// Fails every request with ``HTTPClientError/shutDown``, and every later one.
    func shutDown() {
        let keys = state.withLock { state -> [Int] in
            state.isShutDown = true
            return Array(state.transfers.keys)
        }
        for key in keys { abort(key, .shutDown) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let key = dataTask.taskIdentifier
        let tooLarge = state.withLock { state -> Bool in
            guard state.transfers[key] != nil else { return false }
            state.transfers[key]?.body.append(contentsOf: data)
            return (state.transfers[key]?.body.count ?? 0) > maxBodySize
        }
        if tooLarge { abort(key, .responseTooLarge(limit: maxBodySize)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let key = task.taskIdentifier
        guard let transfer = state.withLock({ $0.transfers.removeValue(forKey: key) }),
            let continuation = transfer.continuation
        else { return }
        continuation.resume(
            with: URLSessionTransport.outcome(
                response: task.response, body: transfer.body, error: error, elapsed: .now - transfer.started,
                context: transfer.context))
    }
}
