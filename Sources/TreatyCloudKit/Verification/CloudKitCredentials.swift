internal import Crypto
internal import Foundation
internal import TreatyDialectKit

/// What the generated suites authenticate with: the contract's first API token and user; on a
/// live container `TREATY_CK_API_TOKEN` and `TREATY_CK_WEB_AUTH_TOKEN` replace them when set, and
/// `TREATY_CK_KEY_ID` with `TREATY_CK_PRIVATE_KEY` signs requests to the public database.
struct CloudKitCredentials: Sendable {
    var container: String
    var environment: String
    var apiToken: String
    var webAuthToken: String?
    /// The server-to-server key ID and its private key's raw representation.
    var signingKey: (id: String, key: [UInt8])?
    /// A server-to-server key ID the container knows (`TREATY_CK_KEY_ID`, or the contract's first
    /// `server_keys` entry): requests signed under it with another key must be refused (as they
    /// are under a key ID a live container does not know).
    var knownKeyID: String?

    init(schema: CloudKitSchema, environment: VerificationEnvironment, options: CloudKitVerifyOptions)
        throws(DialectSetupError)
    {
        container = schema.container
        self.environment =
            options.environment ?? (environment.isLive ? environment.value("TREATY_CK_ENVIRONMENT") : nil)
            ?? "development"
        guard self.environment == "development" || self.environment == "production" else {
            throw DialectSetupError("the CloudKit environment must be development or production, not '\(self.environment)'")
        }
        let live = environment.isLive
        guard let token = (live ? environment.value("TREATY_CK_API_TOKEN") : nil) ?? schema.apiTokens.first else {
            throw DialectSetupError(
                live
                    ? "set TREATY_CK_API_TOKEN (or list api_tokens under container:) to verify a live CloudKit container"
                    : "the contract's container lists no api_tokens for the simulator to accept")
        }
        apiToken = token
        webAuthToken = (live ? environment.value("TREATY_CK_WEB_AUTH_TOKEN") : nil) ?? schema.users.first?.webAuthToken
        knownKeyID = (live ? environment.value("TREATY_CK_KEY_ID") : nil) ?? schema.serverKeys.keys.sorted().first
        guard live else { return }
        if let keyID = environment.value("TREATY_CK_KEY_ID") {
            guard let path = environment.value("TREATY_CK_PRIVATE_KEY") else {
                throw DialectSetupError("TREATY_CK_KEY_ID is set but TREATY_CK_PRIVATE_KEY (the key's PEM file) is not")
            }
            guard let pem = try? String(contentsOfFile: path, encoding: .utf8),
                let key = try? P256.Signing.PrivateKey(pemRepresentation: pem)
            else {
                throw DialectSetupError("TREATY_CK_PRIVATE_KEY does not name a readable PEM file of a P-256 private key")
            }
            signingKey = (keyID, Array(key.rawRepresentation))
        }
    }

    /// The secrets a report must never show.
    var secrets: [String] {
        [apiToken] + (webAuthToken.map { [$0] } ?? [])
    }
}

/// Signs a request as a server-to-server key does (cloudkit.md §2).
enum CloudKitRequestSigner {
    /// The three `X-Apple-CloudKit-Request-*` headers for `body` sent to `path` at `date`.
    static func headers(keyID: String, key raw: [UInt8], path: String, body: [UInt8], date: Date = Date())
        -> [(String, String)]
    {
        guard let key = try? P256.Signing.PrivateKey(rawRepresentation: raw) else { return [] }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let stamp = formatter.string(from: date)
        let hash = Data(SHA256.hash(data: body)).base64EncodedString()
        let signature = (try? key.signature(for: Data("\(stamp):\(hash):\(path)".utf8)))?.derRepresentation ?? Data()
        return [
            ("X-Apple-CloudKit-Request-KeyID", keyID), ("X-Apple-CloudKit-Request-ISO8601Date", stamp),
            ("X-Apple-CloudKit-Request-SignatureV1", signature.base64EncodedString()),
        ]
    }
}
