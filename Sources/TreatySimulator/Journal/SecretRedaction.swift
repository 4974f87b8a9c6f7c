import TreatyCore
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
        // Runs for every header of every request: look for "token" and the short list of
        // secret names in the bytes, folding ASCII case, before allocating anything.
        let bytes = Array(name.utf8.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
        if bytes.count >= 5 {
            let token = Array("token".utf8)
            for start in 0...(bytes.count - 5) where bytes[start..<(start + 5)].elementsEqual(token) {
                return true
            }
        }
        guard secretLengths.contains(bytes.count) else { return false }
        return secretNames.contains(String(decoding: bytes, as: UTF8.self))
    }

    private static let secretLengths = Set(secretNames.map(\.utf8.count))

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
