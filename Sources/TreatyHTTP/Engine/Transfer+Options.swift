#if canImport(CCurl)
    internal import CCurl

    extension Transfer {
        /// Sets every option of the easy handle for this request: a handle from the pool has been
        /// reset, so nothing of an earlier request remains.
        ///
        /// Proxies are left to libcurl, which reads `http_proxy`, `https_proxy`, `all_proxy` and
        /// `no_proxy` from the environment for every transfer unless `CURLOPT_PROXY` is set; it
        /// never is here. Redirects are not followed (`CURLOPT_FOLLOWLOCATION` stays 0).
        ///
        /// - Throws: ``HTTPClientError/Base/transport(code:message:)`` when libcurl refuses an option.
        func configure(_ settings: TransferSettings) throws(HTTPClientError.Base) {
            let request = job.request
            try set(CURLOPT_URL, request.url)
            try set(CURLOPT_PROTOCOLS_STR, "http,https")
            try set(CURLOPT_NOSIGNAL, 1)
            try set(CURLOPT_PATH_AS_IS, 1)
            try set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
            try set(CURLOPT_TCP_KEEPALIVE, 1)
            try set(CURLOPT_CONNECTTIMEOUT_MS, settings.connectTimeoutMilliseconds)
            // A body that may be streamed (an event stream) has no total time limit: its reader
            // ends it.
            try set(CURLOPT_TIMEOUT_MS, job.streamingWhen == nil ? request.timeout.roundedUpMilliseconds : 0)
            try set(CURLOPT_HTTP_VERSION, settings.curlHTTPVersion)
            try set(CURLOPT_PIPEWAIT, settings.waitsForMultiplexing ? 1 : 0)
            try set(CURLOPT_USERAGENT, settings.userAgent)
            try check(
                treaty_curl_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(settings.maxResponseBodySize)))
            try configureTLS(settings)
            try configureHeaders(request.headerLines)
            try configureMethodAndBody(request)
            try configureCallbacks()
        }

        private func configureTLS(_ settings: TransferSettings) throws(HTTPClientError.Base) {
            if let path = settings.caCertificatePath {
                try set(CURLOPT_CAINFO, path)
            }
            if let path = settings.clientCertificatePath {
                try set(CURLOPT_SSLCERT, path)
            }
            if let path = settings.clientKeyPath {
                try set(CURLOPT_SSLKEY, path)
            }
            try set(CURLOPT_SSL_VERIFYPEER, settings.verifiesPeer ? 1 : 0)
            try set(CURLOPT_SSL_VERIFYHOST, settings.verifiesPeer ? 2 : 0)
        }

        private func configureHeaders(_ lines: [String]) throws(HTTPClientError.Base) {
            for line in lines {
                guard let extended = curl_slist_append(headerList, line) else {
                    throw .transport(
                        code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "could not build the header list")
                }
                headerList = extended
            }
            try check(treaty_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))
        }

        private func configureMethodAndBody(_ request: PreparedRequest) throws(HTTPClientError.Base) {
            switch request.body {
            case .none:
                try set(CURLOPT_HTTPGET, 1)
            case .head:
                try set(CURLOPT_NOBODY, 1)
            case .bytes(let bytes):
                try set(CURLOPT_POST, 1)
                // The size first, so that libcurl copies exactly these bytes, NULs included.
                try check(treaty_curl_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count)))
                if bytes.isEmpty {
                    try set(CURLOPT_COPYPOSTFIELDS, "")
                } else {
                    let code = bytes.withUnsafeBytes { buffer in
                        treaty_curl_setopt_pointer(
                            easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
                    }
                    try check(code)
                }
            }
            if request.needsCustomMethod {
                try set(CURLOPT_CUSTOMREQUEST, request.method)
            }
        }

        private func configureCallbacks() throws(HTTPClientError.Base) {
            let context = Unmanaged.passUnretained(self).toOpaque()
            try check(
                treaty_curl_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                    guard let context else { return 0 }
                    return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().receiveBody(
                        data, count: size * count)
                }
            )
            try check(treaty_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, context))
            try check(
                treaty_curl_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
                    guard let context else { return 0 }
                    return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
                        .receiveHeaderLine(data, count: size * count)
                }
            )
            try check(treaty_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, context))
            try check(treaty_curl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)))
        }

        private func set(_ option: CURLoption, _ value: Int) throws(HTTPClientError.Base) {
            try check(treaty_curl_setopt_long(easy, option, value))
        }

        private func set(_ option: CURLoption, _ value: String) throws(HTTPClientError.Base) {
            try check(treaty_curl_setopt_string(easy, option, value))
        }

        private func check(_ code: CURLcode) throws(HTTPClientError.Base) {
            guard code == CURLE_OK else {
                let message = curl_easy_strerror(code).map { String(cString: $0) } ?? "unknown option error"
                throw .transport(code: Int(code.rawValue), message: "libcurl refused an option: \(message)")
            }
        }
    }
#endif
