internal import TreatySecrets

extension HTTPClientError {
    /// One line saying what failed, for which request, and what to do about it.
    ///
    /// URLs appear with secrets redacted (passwords and secret query parameters).
    public var description: String {
        let target = requestDescription
        let said = context.transportMessage.map { " (\($0))" } ?? ""
        switch base {
        case .invalidURL:
            return "invalid URL '\(displayURL)'\(said): expected an absolute http:// or https:// URL"
        case .couldNotResolveHost:
            return "could not resolve the host of \(target)\(said); check the server URL and your DNS or proxy settings"
        case .couldNotConnect:
            return "could not connect to \(target)\(said); check that the server is running and listens on that port"
        case .timedOut:
            return "\(target) timed out\(said); check that the server answers, or raise the timeout"
        case .tlsFailure(let detail):
            return tlsDescription(target: target, detail: detail)
        case .responseTooLarge(let limit):
            return "the response body of \(target) is larger than the limit of \(limit) bytes; "
                + "raise HTTPClientConfiguration.maxResponseBodySize if that is expected"
        case .shutDown:
            return context.url == nil
                ? "the HTTP client has been shut down; create a new client for more requests"
                : "the HTTP client was shut down before \(target) finished"
        case .cancelled:
            return "\(target) was cancelled"
        case .transport(let code, let message):
            return "\(target) failed: \(message) (\(context.transportName) error \(code))"
        case .invalidConfiguration(let detail):
            return "invalid HTTP client configuration: \(detail)"
        }
    }

    private func tlsDescription(target: String, detail: String) -> String {
        switch context.tlsProblem {
        case .certificateVerification, nil:
            return
                "TLS certificate verification failed for \(displayURL) (\(detail)); pass --ca-cert FILE with the issuing CA"
        case .caFile:
            return "could not use the CA certificates for \(displayURL) (\(detail)); check the file passed to --ca-cert"
        case .clientCertificate:
            return "could not use the client certificate for \(displayURL) (\(detail)); "
                + "check the files passed to --client-cert and --client-key"
        case .handshake:
            return "TLS handshake with \(displayURL) failed (\(detail)); "
                + "check that the server speaks HTTPS on that port and whether it requires a client certificate (--client-cert)"
        }
    }

    /// `GET https://…` when the method is known, else the URL alone.
    private var requestDescription: String {
        guard let method = context.method else { return displayURL }
        return "\(method) \(displayURL)"
    }

    private var displayURL: String {
        context.url.map(SecretPolicy.redactedURL) ?? "the request"
    }
}
