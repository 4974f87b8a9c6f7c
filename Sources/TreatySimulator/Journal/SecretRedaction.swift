import TreatyDialect

/// Which header values the journal and the logs must never show.
///
/// `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-Api-Key` and every
/// header whose name contains `token` (any case) are secret; their values become
/// `<redacted>`. Query parameters whose names contain `token` are redacted the same way.
enum SecretRedaction {
    static let placeholder = "<redacted>"
    private static let secretNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key",
    ]

    /// Whether a header (or query parameter) of this name carries a secret.
    static func isSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretNames.contains(lowered) || lowered.contains("token")
    }

    /// `value`, or the placeholder when `name` is secret.
    static func redacted(_ value: String, name: String) -> String {
        isSecret(name) ? placeholder : value
    }

    /// A raw query string with the values of secret parameters replaced, as received otherwise.
    static func redactedQuery(_ query: Substring) -> String {
        guard !query.isEmpty else { return "" }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, isSecret(PercentDecoding.decode(parts[0])) else { return String(pair) }
            return "\(parts[0])=\(placeholder)"
        }.joined(separator: "&")
    }
}
