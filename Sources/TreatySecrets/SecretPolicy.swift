/// Treaty's one secret policy: which header, query, form and JSON names carry credentials, and
/// the one mask that replaces their values in every log line, journal entry, finding and report.
///
/// Header names are secret when they are one of ``headerNames`` or contain one of
/// ``headerNameWords`` (any case): `Authorization` (also a raw token without
/// `Bearer`), `Proxy-Authorization`, `Cookie`, `Set-Cookie`, session-token headers such as
/// `X-FM-Data-Access-Token`, and request-signing headers such as `…-Request-SignatureV1` and
/// `…-Request-KeyID`.
///
/// Keys — query parameters, `application/x-www-form-urlencoded` and multipart form fields, and
/// JSON object members — are secret when, in any case, they are one of ``keys``, contain one
/// of ``keyWords``, or end in `_token` or `-token`. The key list is exact on purpose: a
/// synchronisation cursor such as `syncToken` or a flag such as `isSessionInUse` is not a
/// credential and stays visible.
///
/// A path segment after a `sessions` segment is secret too: a session resource addressed by
/// its token (`DELETE …/sessions/{token}` logs a session out).
public enum SecretPolicy {
    /// The text that replaces every secret value.
    public static let mask = "<redacted>"

    /// Header names whose values are always secret, lower-cased.
    public static let headerNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// Words that make a header name secret wherever they occur in it, lower-cased.
    public static let headerNameWords = [
        "token", "secret", "password", "passwd", "api-key", "apikey", "api_key", "signature", "keyid", "session",
        "credential",
    ]

    /// Query, form and JSON keys whose values are secret, lower-cased.
    ///
    /// Passwords (`password`, `passwordConfirm`, `oldPassword`, `newPassword`), tokens
    /// (`token`, `tokenKey`, `authToken`, `accessToken`, `refreshToken`, `idToken`,
    /// `sessionToken`), API tokens and sessions passed as parameters (`ckAPIToken`,
    /// `ckWebAuthToken`, `ckSession`), OAuth2 secrets (`client_secret`, `codeVerifier`), API
    /// keys, and the credential headers' names when sent as parameters (`authorization`,
    /// `cookie`, …).
    public static let keys: Set<String> = [
        "password", "passwordconfirm", "oldpassword", "newpassword", "token", "tokenkey", "authtoken", "accesstoken",
        "refreshtoken", "idtoken", "sessiontoken", "ckapitoken", "ckwebauthtoken", "cksession", "client_secret",
        "clientsecret", "codeverifier", "secret", "apikey", "api_key", "api-key", "authorization",
        "proxy-authorization", "cookie", "set-cookie",
    ]

    /// Words that make a key secret wherever they occur in it, lower-cased.
    public static let keyWords = ["password", "passwd", "secret", "apikey", "api_key", "api-key"]

    /// Whether a header of this name carries a secret.
    ///
    /// - Parameter name: The header name, in any case.
    /// - Returns: `true` for credential headers.
    public static func isSecretHeader(_ name: some StringProtocol) -> Bool {
        let folded = FoldedName(name.utf8)
        return folded.isIn(FoldedName.headerNames) || folded.containsAny(of: FoldedName.headerNameWords)
    }

    /// Whether a query parameter, form field or JSON member of this name carries a secret.
    ///
    /// - Parameter key: The decoded name, in any case.
    /// - Returns: `true` for credential keys.
    public static func isSecretKey(_ key: some StringProtocol) -> Bool {
        isSecretKey(utf8: key.utf8)
    }

    /// ``isSecretKey(_:)`` for the UTF-8 bytes of a decoded name.
    static func isSecretKey(utf8 key: some Collection<UInt8>) -> Bool {
        let folded = FoldedName(key)
        return folded.isIn(FoldedName.keys) || folded.containsAny(of: FoldedName.keyWords)
            || folded.hasSuffix(FoldedName.snakeToken) || folded.hasSuffix(FoldedName.kebabToken)
    }

    /// A header's value as it may be shown: the value, or ``mask`` when the header is secret.
    ///
    /// - Parameters:
    ///   - value: The header value.
    ///   - name: The header name.
    /// - Returns: The value to show.
    public static func redactedHeaderValue(_ value: String, name: some StringProtocol) -> String {
        isSecretHeader(name) ? mask : value
    }
}
