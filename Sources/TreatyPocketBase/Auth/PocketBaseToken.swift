import TreatyJSON

/// A PocketBase JWT: HS256 over claims such as
/// `{"collectionId","exp","id","refreshable","type":"auth"}` (no `iat`), signed with the
/// record's `tokenKey` followed by a per-collection secret, so changing the password (which
/// renews `tokenKey`) invalidates earlier tokens.
struct PocketBaseToken: Sendable, Hashable {
    /// The claims, keys sorted as Go writes them.
    var claims: JSONObject

    /// Creates a token from claims.
    ///
    /// - Parameter claims: The claims.
    init(claims: JSONObject) {
        self.claims = JSONObject(claims.members.sorted { $0.key < $1.key })
    }

    /// The signed compact form `header.payload.signature`.
    ///
    /// - Parameter key: The signing key.
    /// - Returns: The token text.
    func signed(with key: String) -> String {
        let header = Base64URL.encode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let payload = Base64URL.encode(Array(JSONValue.object(claims).serialized().utf8))
        let input = header + "." + payload
        return input + "." + Base64URL.encode(PocketBaseDigest.hmacSHA256(key: key, message: input))
    }

    /// The claims of a token, unverified; `nil` when it is not a JWT with a JSON object payload.
    ///
    /// - Parameter text: The token text.
    /// - Returns: The claims.
    static func unverifiedClaims(_ text: String) -> JSONObject? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let bytes = Base64URL.decode(parts[1]),
            let value = try? JSONParser().parse(bytes), case .object(let claims) = value
        else { return nil }
        return claims
    }

    /// Whether `text` carries a valid signature under `key`.
    ///
    /// - Parameters:
    ///   - text: The token text.
    ///   - key: The signing key.
    /// - Returns: `true` when the signature matches.
    static func hasValidSignature(_ text: String, key: String) -> Bool {
        guard let dot = text.lastIndex(of: ".") else { return false }
        let input = text[..<dot]
        let expected = Base64URL.encode(PocketBaseDigest.hmacSHA256(key: key, message: input))
        return expected == text[text.index(after: dot)...]
    }
}
