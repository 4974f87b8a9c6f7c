internal import Crypto
internal import Foundation
internal import HTTPTypes
internal import TreatyDialect

/// Who a request comes from (cloudkit.md §2): a signed-in user (web-auth token), the developer
/// (a server-to-server key), or an anonymous caller with only the API token.
struct CloudKitCaller: Sendable, Hashable {
    /// The signed-in user, if any.
    var user: CloudKitUser?
    /// Whether a server-to-server key signed the request.
    var isServer: Bool

    /// The record name `created`/`modified` carry for this caller's writes.
    var recordName: String {
        user?.recordName ?? (isServer ? "_server" : "_anonymous")
    }
}

/// Checks a request's credentials: `ckAPIToken` and `ckWebAuthToken`, or the three
/// `X-Apple-CloudKit-Request-*` headers of a signed request.
struct CloudKitAuthenticator: Sendable {
    let configuration: CloudKitDialectConfiguration

    static let keyIDHeader = HTTPField.Name("X-Apple-CloudKit-Request-KeyID")!
    static let dateHeader = HTTPField.Name("X-Apple-CloudKit-Request-ISO8601Date")!
    static let signatureHeader = HTTPField.Name("X-Apple-CloudKit-Request-SignatureV1")!

    /// The caller of `request` to `route`.
    ///
    /// - Throws: AUTHENTICATION_REQUIRED (421, with `redirectURL`) for a missing or unknown API
    ///   token or a missing user where one is needed; AUTHENTICATION_FAILED (401) for a bad
    ///   signature, an unknown key or a date outside the window.
    func caller(of request: DialectRequest, route: CloudKitRoute, now: Date = Date()) throws(CloudKitError)
        -> CloudKitCaller
    {
        if request.headers[Self.keyIDHeader] != nil {
            try verifySignature(of: request, route: route, now: now)
            return CloudKitCaller(user: nil, isServer: true)
        }
        guard let token = request.queryValue("ckAPIToken"), configuration.schema.apiTokens.contains(token) else {
            throw signInRequired(
                request.queryValue("ckAPIToken") == nil
                    ? "request needs a ckAPIToken" : "the ckAPIToken is not valid for this container")
        }
        var user: CloudKitUser?
        if let webToken = request.queryValue("ckWebAuthToken") {
            guard let known = configuration.schema.users.first(where: { $0.webAuthToken == webToken }) else {
                throw signInRequired("the ckWebAuthToken is not valid; sign in again")
            }
            user = known
        }
        let needsUser = route.database != .public || route.isWrite || route.isUserOperation
        if needsUser, user == nil { throw signInRequired("request needs authorization") }
        return CloudKitCaller(user: user, isServer: false)
    }

    private func signInRequired(_ reason: String) -> CloudKitError {
        CloudKitError(
            .authenticationRequired, reason,
            redirectURL: "https://idmsa.apple.com/IDMSWebAuth/signin?container=\(configuration.schema.container)")
    }

    private func verifySignature(of request: DialectRequest, route: CloudKitRoute, now: Date) throws(CloudKitError) {
        guard route.database == .public else {
            throw CloudKitError(
                .authenticationFailed, "server-to-server keys reach the public database only")
        }
        guard let keyID = request.headers[Self.keyIDHeader], let raw = configuration.serverKeys[keyID],
            let key = try? P256.Signing.PublicKey(x963Representation: raw)
        else {
            throw CloudKitError(.authenticationFailed, "unknown server-to-server key ID")
        }
        guard let date = request.headers[Self.dateHeader], let signed = TimestampText.milliseconds(date) else {
            throw CloudKitError(
                .authenticationFailed, "X-Apple-CloudKit-Request-ISO8601Date is missing or not an ISO 8601 date")
        }
        let skew = abs(Int64(now.timeIntervalSince1970 * 1000) - signed)
        guard skew <= configuration.signatureWindowSeconds * 1000 else {
            throw CloudKitError(.authenticationFailed, "the request date is outside the allowed window; sign it again")
        }
        guard let text = request.headers[Self.signatureHeader], let der = Data(base64Encoded: text),
            let signature = try? P256.Signing.ECDSASignature(derRepresentation: der)
        else {
            throw CloudKitError(.authenticationFailed, "X-Apple-CloudKit-Request-SignatureV1 is missing or not base64 DER")
        }
        let bodyHash = Data(SHA256.hash(data: request.body)).base64EncodedString()
        let message = Data("\(date):\(bodyHash):\(request.path)".utf8)
        guard key.isValidSignature(signature, for: message) else {
            throw CloudKitError(.authenticationFailed, "the request signature does not verify")
        }
    }
}
