import Foundation
import TreatyTestSupport

/// A private CA with a server certificate for 127.0.0.1 and a client certificate, made once per
/// test run with the `openssl` command-line tool in a temporary directory.
struct TestCertificates: Sendable {
    let directory: String

    var caCertificate: String { directory + "/ca.pem" }
    var serverCertificate: String { directory + "/server.pem" }
    var serverKey: String { directory + "/server.key" }
    var clientCertificate: String { directory + "/client.pem" }
    var clientKey: String { directory + "/client.key" }

    /// Arguments for `http_server.py` or `h2_server.py` to serve HTTPS with the server certificate.
    var serverArguments: [String] { ["--cert", serverCertificate, "--key", serverKey] }

    /// The certificates, made on first use off the cooperative threads.
    static func shared() async throws -> TestCertificates {
        try await offload { try generated.get() }
    }

    private static let generated = Result { try generate() }

    private static func generate() throws -> TestCertificates {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "treaty-http-certs-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let certificates = TestCertificates(directory: directory)
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(
            ["req", "-x509", "-new"] + curve + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Treaty Test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ],
            in: directory
        )
        try issue(
            "server", subject: "/CN=127.0.0.1",
            extensions: "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n", curve: curve,
            in: directory)
        try issue(
            "client", subject: "/CN=treaty-client", extensions: "extendedKeyUsage=clientAuth\n", curve: curve,
            in: directory)
        return certificates
    }

    private static func issue(
        _ name: String, subject: String, extensions: String, curve: [String], in directory: String
    ) throws {
        try Data(extensions.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name).ext"))
        try openssl(
            ["req", "-new"] + curve + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", subject], in: directory
        )
        try openssl(
            [
                "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "\(name).pem", "-days", "2", "-extfile", "\(name).ext",
            ],
            in: directory
        )
    }

    private static func openssl(_ arguments: [String], in directory: String) throws {
        let process = try ChildProcess("openssl", arguments, directory: directory, output: .null, error: .null)
        guard process.wait() == 0 else {
            throw TestServerDidNotStart(description: "openssl \(arguments.joined(separator: " ")) failed")
        }
    }
}
