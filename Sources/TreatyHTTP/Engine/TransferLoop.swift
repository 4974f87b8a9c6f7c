#if canImport(CCurl)
    internal import CCurl
    internal import Logging

    /// The engine thread's body: drives one multi handle until shutdown.
    ///
    /// Everything here runs on that one thread, so none of it needs locks: the table of running
    /// transfers, the idle easy handles kept for reuse, and every libcurl call but
    /// `curl_multi_wakeup`.
    final class TransferLoop {
        private let engine: TransferEngine
        private let multi: UnsafeMutableRawPointer
        private let settings: TransferSettings
        private let logger: Logger
        private var running: [UInt64: Transfer] = [:]
        private var idsByHandle: [UnsafeMutableRawPointer: UInt64] = [:]
        private var idleHandles: [UnsafeMutableRawPointer] = []
        /// Easy handles kept for reuse; more are cleaned up when their transfer ends.
        private let maxIdleHandles = 32

        init(engine: TransferEngine, multi: MultiHandle, settings: TransferSettings, logger: Logger) {
            self.engine = engine
            self.multi = multi.raw
            self.settings = settings
            self.logger = logger
        }

        /// Runs until ``TransferEngine/requestShutdown()``, then fails what is left and releases
        /// libcurl.
        func run() {
            while true {
                let work = engine.takeWork()
                if work.isStopping {
                    stop(pending: work.jobs)
                    return
                }
                for job in work.jobs {
                    start(job)
                }
                for id in work.cancellations {
                    finish(id: id, as: .cancelled)
                }
                var stillRunning: Int32 = 0
                let performed = curl_multi_perform(multi, &stillRunning)
                if performed != CURLM_OK {
                    logger.error("curl_multi_perform failed", metadata: ["curl.code": "\(performed.rawValue)"])
                }
                collectFinishedTransfers()
                // Returns early for socket activity, libcurl's own timers, or curl_multi_wakeup.
                _ = curl_multi_poll(multi, nil, 0, 1000, nil)
            }
        }

        private func start(_ job: TransferJob) {
            guard let easy = idleHandles.popLast() ?? curl_easy_init() else {
                job.fail(
                    .transport(
                        code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "libcurl could not create an easy handle"))
                return
            }
            let transfer = Transfer(job: job, easy: easy, limit: settings.maxResponseBodySize)
            do throws(HTTPClientError.Base) {
                try transfer.configure(settings)
                let added = curl_multi_add_handle(multi, easy)
                guard added == CURLM_OK else {
                    let message =
                        curl_multi_strerror(added).map { String(cString: $0) } ?? "curl_multi_add_handle failed"
                    throw .transport(code: Int(added.rawValue), message: message)
                }
            } catch {
                transfer.fail(error)
                recycle(easy)
                return
            }
            running[job.id] = transfer
            idsByHandle[easy] = job.id
        }

        private func collectFinishedTransfers() {
            var remaining: Int32 = 0
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                // Copy out before curl_multi_remove_handle invalidates the message.
                let code = message.pointee.data.result
                guard let id = idsByHandle[easy] else { continue }
                finish(id: id, as: .done(code))
            }
        }

        /// Removes a transfer from the multi handle, resumes its caller and recycles its handle.
        private func finish(id: UInt64, as end: Transfer.End) {
            guard let transfer = running.removeValue(forKey: id) else { return }
            idsByHandle[transfer.easy] = nil
            _ = curl_multi_remove_handle(multi, transfer.easy)
            transfer.complete(end)
            recycle(transfer.easy)
        }

        private func recycle(_ easy: UnsafeMutableRawPointer) {
            guard idleHandles.count < maxIdleHandles else {
                curl_easy_cleanup(easy)
                return
            }
            // Forgets every option (the callbacks' context pointers included); the multi handle
            // keeps the connections.
            curl_easy_reset(easy)
            idleHandles.append(easy)
        }

        private func stop(pending: [TransferJob]) {
            for job in pending {
                job.fail(.shutDown)
            }
            for id in Array(running.keys) {
                finish(id: id, as: .shutDown)
            }
            for easy in idleHandles {
                curl_easy_cleanup(easy)
            }
            idleHandles.removeAll()
            _ = curl_multi_cleanup(multi)
            engine.didStop()
        }
    }
#endif
