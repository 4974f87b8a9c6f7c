#if canImport(CCurl)
    internal import CCurl

    /// A libcurl multi handle (`CURLM *`) shared between the engine thread and submitters.
    ///
    /// `@unchecked Sendable` because a raw pointer is not `Sendable`, and here it is safe: only the
    /// engine thread calls libcurl with this handle, except `curl_multi_wakeup`, which libcurl
    /// documents as callable from any thread. ``TransferEngine`` calls ``wakeUp()`` only under its
    /// lock and only before the engine thread has seen the shutdown request, so it never races with
    /// `curl_multi_cleanup`.
    struct MultiHandle: @unchecked Sendable {
        let raw: UnsafeMutableRawPointer

        /// How many idle connections the cache keeps open.
        static let maxIdleConnections = 64

        /// Creates a multi handle set up for connection reuse and HTTP/2 multiplexing.
        ///
        /// - Throws: ``HTTPClientError/transport(code:message:)`` when libcurl cannot create one.
        static func make() throws(HTTPClientError) -> MultiHandle {
            guard let raw = curl_multi_init() else {
                throw .transport(
                    code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "libcurl could not create a multi handle")
            }
            // Multiplexing is libcurl's default since 7.62; say so for older versions.
            _ = treaty_curl_multi_setopt_long(raw, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
            // Keep up to this many idle connections for reuse (libcurl's default follows the number
            // of transfers running at the moment, which drops to zero between bursts).
            _ = treaty_curl_multi_setopt_long(raw, CURLMOPT_MAXCONNECTS, Self.maxIdleConnections)
            return MultiHandle(raw: raw)
        }

        /// Interrupts `curl_multi_poll` on the engine thread; callable from any thread.
        func wakeUp() {
            _ = curl_multi_wakeup(raw)
        }
    }
#endif
