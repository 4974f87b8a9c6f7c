internal import Foundation

extension HTTPClientConfiguration {
    /// Checks what can be checked before the first request: readable files and positive limits.
    ///
    /// - Throws: ``HTTPClientError`` of kind ``HTTPClientError/Kind/invalidConfiguration``.
    func validate() throws(HTTPClientError) {
        try Self.requireReadableFile(caCertificatePath, role: "CA certificate file", option: "--ca-cert")
        try Self.requireReadableFile(clientCertificatePath, role: "client certificate file", option: "--client-cert")
        try Self.requireReadableFile(clientKeyPath, role: "client key file", option: "--client-key")
        if clientKeyPath != nil, clientCertificatePath == nil {
            throw .invalidConfiguration(
                "a client key was given without a client certificate; pass --client-cert FILE too")
        }
        guard maxResponseBodySize > 0 else {
            throw .invalidConfiguration("maxResponseBodySize must be positive, not \(maxResponseBodySize)")
        }
        guard connectTimeout > .zero, requestTimeout > .zero else {
            throw .invalidConfiguration(
                "timeouts must be positive (connect \(connectTimeout), request \(requestTimeout))")
        }
    }

    private static func requireReadableFile(_ path: String?, role: String, option: String) throws(HTTPClientError) {
        guard let path else { return }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .invalidConfiguration("cannot read the \(role) '\(path)'; check the path given to \(option)")
        }
    }
}
