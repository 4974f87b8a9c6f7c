#if canImport(CCurl)
    internal import CCurl
    internal import HTTPTypes

    /// One request in flight on the engine thread: its easy handle's buffers and callbacks, and the
    /// continuation to resume when it ends.
    ///
    /// Confined to the engine thread. libcurl calls back into it through the context pointers set
    /// in ``configure(_:)``, which stay valid because ``TransferLoop`` holds the transfer until the
    /// handle has left the multi handle and been reset.
    final class Transfer {
        /// How a transfer ended.
        enum End {
            /// libcurl finished it with this result.
            case done(CURLcode)
            /// Its caller's task was cancelled.
            case cancelled
            /// The client shut down.
            case shutDown
        }

        let easy: UnsafeMutableRawPointer
        let job: TransferJob
        private let limit: Int
        private var body: [UInt8] = []
        private var header = ResponseHeaderParser()
        private var exceededLimit = false
        /// The request header list; libcurl reads it during the transfer and never copies it.
        var headerList: UnsafeMutablePointer<curl_slist>?
        /// Where libcurl writes its explanation of a failure (`CURLOPT_ERRORBUFFER`).
        let errorBuffer: UnsafeMutablePointer<CChar>
        private var isComplete = false
        /// Whether the head was offered to ``TransferJob/streamingWhen`` (at the first chunk).
        private var headOffered = false
        /// Where the body goes once the job chose to stream it; its continuation has the head.
        private var sink: HTTPBodySink?

        init(job: TransferJob, easy: UnsafeMutableRawPointer, limit: Int) {
            self.job = job
            self.easy = easy
            self.limit = limit
            self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        }

        deinit {
            curl_slist_free_all(headerList)
            errorBuffer.deallocate()
        }

        /// Appends body bytes from the write callback; returns 0 to abort when over the limit.
        func receiveBody(_ data: UnsafeMutablePointer<CChar>?, count: Int) -> Int {
            guard let data, count > 0 else { return 0 }
            if !headOffered {
                headOffered = true
                offerHead()
            }
            if let sink {
                return sink.receive(Array(UnsafeRawBufferPointer(start: data, count: count))) ? count : 0
            }
            guard count <= limit - body.count else {
                exceededLimit = true
                return 0
            }
            body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: count))
            return count
        }

        /// Takes one header line from the header callback.
        func receiveHeaderLine(_ data: UnsafeMutablePointer<CChar>?, count: Int) -> Int {
            guard let data else { return 0 }
            header.consume(UnsafeRawBufferPointer(start: data, count: count))
            return count
        }

        /// Resumes the caller with the response or the error; only the first call counts.
        /// Asks the job whether to stream the body, now that the head is in; when it does, the
        /// caller gets the head at once and the body goes to the sink.
        private func offerHead() {
            guard let decide = job.streamingWhen, !isComplete, case .success(let head) = response(),
                let chosen = decide(head.status, head.headerFields)
            else { return }
            sink = chosen
            isComplete = true
            job.continuation.resume(returning: head)
        }

        func complete(_ end: End) {
            if let sink {
                self.sink = nil
                if case .done(let code) = end, code == CURLE_OK {
                    sink.finish(nil)
                } else if case .failure(let failure) = result(of: end) {
                    sink.finish(failure)
                } else {
                    sink.finish(nil)
                }
                return
            }
            guard !isComplete else { return }
            isComplete = true
            switch result(of: end) {
            case .success(let response):
                job.continuation.resume(returning: response)
            case .failure(let error):
                job.continuation.resume(throwing: error)
            }
        }

        /// Fails the caller without libcurl having run the transfer.
        func fail(_ base: HTTPClientError.Base) {
            if let sink {
                self.sink = nil
                sink.finish(error(base))
                return
            }
            guard !isComplete else { return }
            isComplete = true
            job.fail(base)
        }

        private func result(of end: End) -> Result<HTTPClientResponse, HTTPClientError> {
            switch end {
            case .cancelled:
                return .failure(error(.cancelled))
            case .shutDown:
                return .failure(error(.shutDown))
            case .done(let code) where code == CURLE_OK:
                return response().mapError { error($0) }
            case .done(let code):
                if exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
                    return .failure(error(.responseTooLarge(limit: limit)))
                }
                let message = curlMessage(for: code)
                let (base, tlsProblem) = CurlFailure.classify(code, message: message)
                return .failure(error(base, curlMessage: message, tlsProblem: tlsProblem))
            }
        }

        private func response() -> Result<HTTPClientResponse, HTTPClientError.Base> {
            let code = info(CURLINFO_RESPONSE_CODE)
            guard (100...999).contains(code) else {
                return .failure(
                    .transport(code: Int(CURLE_WEIRD_SERVER_REPLY.rawValue), message: "no valid HTTP status (\(code))"))
            }
            return .success(
                HTTPClientResponse(
                    status: HTTPResponse.Status(code: code, reasonPhrase: header.reasonPhrase),
                    headerFields: header.headerFields,
                    body: body,
                    httpVersion: Self.versionName(info(CURLINFO_HTTP_VERSION)),
                    timings: HTTPTimings(
                        dnsLookup: time(CURLINFO_NAMELOOKUP_TIME_T),
                        connect: time(CURLINFO_CONNECT_TIME_T),
                        tlsHandshake: time(CURLINFO_APPCONNECT_TIME_T),
                        firstByte: time(CURLINFO_STARTTRANSFER_TIME_T),
                        total: time(CURLINFO_TOTAL_TIME_T)
                    )
                )
            )
        }

        private func error(
            _ base: HTTPClientError.Base, curlMessage: String? = nil,
            tlsProblem: HTTPClientErrorContext.TLSProblem? = nil
        ) -> HTTPClientError {
            HTTPClientError(
                base,
                context: .init(
                    method: job.request.method, url: job.request.url, transportMessage: curlMessage,
                    tlsProblem: tlsProblem)
            )
        }

        /// What libcurl wrote to the error buffer, or its generic text for `code`.
        private func curlMessage(for code: CURLcode) -> String {
            let written = String(cString: errorBuffer).trimmingSuffixNewlines
            if !written.isEmpty { return written }
            return curl_easy_strerror(code).map { String(cString: $0) } ?? "curl error \(code.rawValue)"
        }

        private func info(_ info: CURLINFO) -> Int {
            var value = 0
            _ = treaty_curl_getinfo_long(easy, info, &value)
            return value
        }

        private func time(_ info: CURLINFO) -> Duration {
            var microseconds: curl_off_t = 0
            _ = treaty_curl_getinfo_off_t(easy, info, &microseconds)
            return .curlMicroseconds(Int64(microseconds))
        }

        private static func versionName(_ version: Int) -> String {
            switch version {
            case Int(CURL_HTTP_VERSION_1_0): "1.0"
            case Int(CURL_HTTP_VERSION_2_0): "2"
            case Int(CURL_HTTP_VERSION_3): "3"
            default: "1.1"
            }
        }
    }

    extension String {
        fileprivate var trimmingSuffixNewlines: String {
            var result = Substring(self)
            while let last = result.last, last.isNewline || last == " " {
                result.removeLast()
            }
            return String(result)
        }
    }
#endif
