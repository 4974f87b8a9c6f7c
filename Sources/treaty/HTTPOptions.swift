import ArgumentParser
import TreatyHTTP

/// The HTTP client options of `treaty verify`.
struct HTTPOptions: ParsableArguments {
    @Option(help: "A PEM file of CA certificates to trust (for staging servers with a private CA).")
    var caCert: String?

    @Option(help: "A PEM client certificate for mutual TLS.")
    var clientCert: String?

    @Option(help: "The PEM private key of --client-cert.")
    var clientKey: String?

    @Flag(help: "Do not verify TLS certificates (prints a warning on every run; prefer --ca-cert).")
    var insecure = false

    @Option(help: "Seconds before a request times out.")
    var timeout: Int = 30

    @Option(help: "HTTP version: auto, 1.1 or 2.")
    var httpVersion: String = "auto"

    func clientConfiguration() throws -> HTTPClientConfiguration {
        var configuration = HTTPClientConfiguration()
        configuration.caCertificatePath = caCert
        configuration.clientCertificatePath = clientCert
        configuration.clientKeyPath = clientKey
        configuration.allowsInsecureTLS = insecure
        configuration.requestTimeout = .seconds(timeout)
        switch httpVersion {
        case "auto": configuration.httpVersion = .automatic
        case "1.1": configuration.httpVersion = .http1_1
        case "2": configuration.httpVersion = .http2
        default: throw ValidationError("--http-version must be auto, 1.1 or 2")
        }
        if insecure {
            Console.standardError.write(
                "warning: --insecure: TLS certificates are NOT verified; anyone on the path can read and change this traffic. Use --ca-cert FILE instead.\n")
        }
        return configuration
    }
}
