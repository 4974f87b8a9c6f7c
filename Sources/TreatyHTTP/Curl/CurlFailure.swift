#if canImport(CCurl)
    internal import CCurl

    /// Sorts libcurl's result codes into the families of ``HTTPClientError``.
    enum CurlFailure {
        /// The error family for a failed transfer, and for TLS failures which fix to suggest.
        ///
        /// - Parameters:
        ///   - code: libcurl's result; never `CURLE_OK`.
        ///   - message: libcurl's explanation, kept as the payload of TLS and transport errors.
        static func classify(
            _ code: CURLcode, message: String
        ) -> (HTTPClientError.Base, HTTPClientErrorContext.TLSProblem?) {
            switch code {
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
                (.invalidURL, nil)
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
                (.couldNotResolveHost, nil)
            case CURLE_COULDNT_CONNECT:
                (.couldNotConnect, nil)
            case CURLE_OPERATION_TIMEDOUT:
                (.timedOut, nil)
            case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
                CURLE_SSL_INVALIDCERTSTATUS:
                (.tlsFailure(detail: message), .certificateVerification)
            case CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE:
                (.tlsFailure(detail: message), .caFile)
            case CURLE_SSL_CERTPROBLEM, CURLE_SSL_CLIENTCERT:
                (.tlsFailure(detail: message), .clientCertificate)
            case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
                CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED:
                (.tlsFailure(detail: message), .handshake)
            case CURLE_RECV_ERROR where isTLSAlert(message), CURLE_SEND_ERROR where isTLSAlert(message):
                // TLS 1.3 servers reject a missing client certificate after the handshake, with an
                // alert that libcurl reports as a read or write error.
                (.tlsFailure(detail: message), .handshake)
            default:
                (.transport(code: Int(code.rawValue), message: message), nil)
            }
        }

        private static func isTLSAlert(_ message: String) -> Bool {
            message.contains("SSL") && message.contains("alert")
        }
    }
#endif
