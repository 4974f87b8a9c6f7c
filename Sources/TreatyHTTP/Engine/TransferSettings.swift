#if canImport(CCurl)
    internal import CCurl

    /// What every transfer of one client shares, taken from its ``HTTPClientConfiguration``.
    struct TransferSettings: Sendable {
        let caCertificatePath: String?
        let clientCertificatePath: String?
        let clientKeyPath: String?
        let verifiesPeer: Bool
        let connectTimeoutMilliseconds: Int
        /// `CURL_HTTP_VERSION_*` for `CURLOPT_HTTP_VERSION`.
        let curlHTTPVersion: Int
        /// Whether new transfers should wait for a connection that might multiplex (HTTP/2).
        let waitsForMultiplexing: Bool
        let maxResponseBodySize: Int
        let userAgent: String

        init(_ configuration: HTTPClientConfiguration) {
            caCertificatePath = configuration.caCertificatePath
            clientCertificatePath = configuration.clientCertificatePath
            clientKeyPath = configuration.clientKeyPath
            verifiesPeer = !configuration.allowsInsecureTLS
            connectTimeoutMilliseconds = configuration.connectTimeout.roundedUpMilliseconds
            switch configuration.httpVersion {
            case .automatic:
                curlHTTPVersion = Int(CURL_HTTP_VERSION_2TLS)
                waitsForMultiplexing = true
            case .http1_1:
                curlHTTPVersion = Int(CURL_HTTP_VERSION_1_1)
                waitsForMultiplexing = false
            case .http2:
                curlHTTPVersion = Int(CURL_HTTP_VERSION_2_0)
                waitsForMultiplexing = true
            }
            maxResponseBodySize = configuration.maxResponseBodySize
            userAgent = configuration.userAgent
        }
    }
#endif
