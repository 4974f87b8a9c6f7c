internal import Foundation
internal import HTTPTypes

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

/// The URLSession transport (see ``HTTPTransportKind/urlSession``): one ephemeral session per
/// client, without cookies or a cache, whose delegate refuses redirects and collects each
/// response (``URLSessionTransfers``).
final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let transfers: URLSessionTransfers
    private let configuration: HTTPClientConfiguration

    /// Creates the session.
    ///
    /// - Throws: ``HTTPClientError/invalidConfiguration(_:)`` for a setting only libcurl can
    ///   honour: a CA file, a client certificate, insecure TLS or an HTTP version preference.
    init(configuration: HTTPClientConfiguration) throws(HTTPClientError) {
        try Self.requireSupported(configuration)
        let settings = URLSessionConfiguration.ephemeral
        settings.httpCookieStorage = nil
        settings.httpShouldSetCookies = false
        settings.urlCache = nil
        settings.requestCachePolicy = .reloadIgnoringLocalCacheData
        let transfers = URLSessionTransfers(maxBodySize: configuration.maxResponseBodySize)
        self.transfers = transfers
        self.session = URLSession(configuration: settings, delegate: transfers, delegateQueue: nil)
        self.configuration = configuration
    }

    deinit {
        session.invalidateAndCancel()
    }

    var summary: String { "URLSession" }

    func execute(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        let context = HTTPClientErrorContext(method: request.method.rawValue, url: request.url)
        guard request.hasAbsoluteHTTPURL, let urlRequest = Self.urlRequest(request, configuration: configuration) else {
            throw HTTPClientError(.invalidURL, context: context)
        }
        let timeout = request.timeout ?? configuration.requestTimeout
        let session = self.session
        let transfers = self.transfers
        let key = try transfers.register(context: context) { session.dataTask(with: urlRequest) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfers.start(key, continuation: continuation, timeout: timeout)
            }
        } onCancel: {
            transfers.abort(key, .cancelled)
        }
    }

    func shutdown() async {
        transfers.shutDown()
        session.invalidateAndCancel()
    }

    private static func requireSupported(_ configuration: HTTPClientConfiguration) throws(HTTPClientError) {
        var unsupported: [String] = []
        if configuration.caCertificatePath != nil { unsupported.append("a CA certificate file (--ca-cert)") }
        if configuration.clientCertificatePath != nil { unsupported.append("a client certificate (--client-cert)") }
        if configuration.allowsInsecureTLS { unsupported.append("insecure TLS (--insecure)") }
        if configuration.httpVersion != .automatic { unsupported.append("an HTTP version preference (--http-version)") }
        guard unsupported.isEmpty else {
            throw .invalidConfiguration(
                "the URLSession transport cannot use \(unsupported.joined(separator: ", ")); "
                    + "use the libcurl transport (Linux, macOS) or leave them out")
        }
    }
}
