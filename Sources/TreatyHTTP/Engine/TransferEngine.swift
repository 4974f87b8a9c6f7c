#if canImport(CCurl)
    internal import CCurl
    internal import Foundation
    internal import Logging
    internal import Synchronization

    /// Owns one libcurl multi handle and the thread that drives it; every transfer of a client runs
    /// here.
    ///
    /// Callers never touch libcurl. ``submit(_:)`` and ``cancel(_:)`` put work in a small inbox under
    /// a mutex and wake the engine thread with `curl_multi_wakeup`. The thread (``TransferLoop``)
    /// adds transfers to the multi handle, drives them with `curl_multi_perform` and
    /// `curl_multi_poll`, and resumes each caller's continuation when its transfer ends. No Swift
    /// concurrency thread ever blocks on I/O, and all connections live in the multi handle's cache,
    /// so requests to the same origin reuse them (and multiplex over HTTP/2).
    final class TransferEngine: Sendable {
        private struct State {
            var nextID: UInt64 = 1
            /// IDs handed out by ``reserveID()`` and not yet submitted: `true` once cancelled.
            var reserved: [UInt64: Bool] = [:]
            var jobs: [TransferJob] = []
            var cancellations: [UInt64] = []
            var phase: Phase = .running
            var shutdownWaiters: [CheckedContinuation<Void, Never>] = []
        }

        private enum Phase {
            case running
            /// Shutdown was requested; the engine thread hasn't finished yet.
            case stopping
            /// The engine thread has exited and released the multi handle.
            case stopped
        }

        /// What the engine thread should do next.
        struct Work {
            var jobs: [TransferJob]
            var cancellations: [UInt64]
            var isStopping: Bool
        }

        private let state = Mutex(State())
        private let multi: MultiHandle

        /// Creates the multi handle and starts the engine thread.
        ///
        /// - Parameters:
        ///   - settings: What every transfer of the client shares.
        ///   - logger: Where the engine reports libcurl failures.
        /// - Throws: ``HTTPClientError`` when libcurl cannot start.
        init(settings: TransferSettings, logger: Logger) throws(HTTPClientError) {
            let multi = try MultiHandle.make()
            self.multi = multi
            let thread = Thread { [self] in
                TransferLoop(engine: self, multi: multi, settings: settings, logger: logger).run()
            }
            thread.name = "treaty-http"
            thread.start()
        }

        /// Reserves an ID for a request about to be submitted, so that a cancellation arriving
        /// before the submission is not lost.
        func reserveID() -> UInt64 {
            state.withLock { state in
                let id = state.nextID
                state.nextID += 1
                state.reserved[id] = false
                return id
            }
        }

        /// Queues a transfer, or fails it at once if it was cancelled or the engine is stopping.
        func submit(_ job: TransferJob) {
            let rejection: HTTPClientError.Base? = state.withLock { state in
                let cancelledEarly = state.reserved.removeValue(forKey: job.id) ?? false
                guard case .running = state.phase else { return .shutDown }
                guard !cancelledEarly else { return .cancelled }
                state.jobs.append(job)
                multi.wakeUp()
                return nil
            }
            if let rejection {
                job.fail(rejection)
            }
        }

        /// Cancels a transfer: before submission, in the inbox, or while it runs.
        ///
        /// Cancelling a finished transfer does nothing.
        func cancel(_ id: UInt64) {
            state.withLock { state in
                if state.reserved[id] != nil {
                    state.reserved[id] = true
                } else if case .running = state.phase {
                    state.cancellations.append(id)
                    multi.wakeUp()
                }
            }
        }

        /// Asks the engine thread to fail every transfer with ``HTTPClientError/shutDown`` and exit,
        /// without waiting for it.
        func requestShutdown() {
            state.withLock { state in
                guard case .running = state.phase else { return }
                state.phase = .stopping
                multi.wakeUp()
            }
        }

        /// Shuts down and returns once the engine thread has exited; safe to call more than once.
        func shutdown() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let stopped = state.withLock { state in
                    switch state.phase {
                    case .stopped:
                        return true
                    case .running:
                        state.phase = .stopping
                        multi.wakeUp()
                    case .stopping:
                        break
                    }
                    state.shutdownWaiters.append(continuation)
                    return false
                }
                if stopped {
                    continuation.resume()
                }
            }
        }

        // MARK: Engine thread side

        /// Takes everything queued since the last call. Called on the engine thread only.
        func takeWork() -> Work {
            state.withLock { state in
                let work = Work(
                    jobs: state.jobs, cancellations: state.cancellations,
                    isStopping: { if case .running = state.phase { false } else { true } }()
                )
                state.jobs.removeAll()
                state.cancellations.removeAll()
                return work
            }
        }

        /// Records that the engine thread has released libcurl and wakes ``shutdown()`` callers.
        /// Called on the engine thread only, as its last act.
        func didStop() {
            let waiters = state.withLock { state in
                state.phase = .stopped
                let waiters = state.shutdownWaiters
                state.shutdownWaiters.removeAll()
                return waiters
            }
            for waiter in waiters {
                waiter.resume()
            }
        }
    }
#endif
