#if canImport(CCurl)
    internal import CCurl

    /// libcurl's process-wide initialisation, done exactly once.
    ///
    /// `curl_global_init` must run before any other libcurl call and only once per process. A
    /// `static let` is initialised lazily and atomically (Swift guarantees `swift_once` semantics),
    /// so every client can ask for it from any thread. It is never undone: `curl_global_cleanup`
    /// would break clients created later.
    enum CurlGlobal {
        private static let result: Int = Int(treaty_curl_global_init_default().rawValue)

        /// Initialises libcurl on the first call and reports whether that worked.
        ///
        /// - Throws: ``HTTPClientError/transport(code:message:)`` when libcurl cannot initialise.
        static func initialize() throws(HTTPClientError) {
            guard result == Int(CURLE_OK.rawValue) else {
                throw .transport(code: result, message: "libcurl could not initialise (curl_global_init)")
            }
        }

        /// Whether the loaded libcurl supports HTTP/2.
        static var supportsHTTP2: Bool {
            treaty_curl_supports_http2() != 0
        }

        /// The loaded libcurl's version, such as `7.88.1`.
        static var version: String {
            guard let info = treaty_curl_version_info(), let version = info.pointee.version else { return "unknown" }
            return String(cString: version)
        }
    }
#endif
