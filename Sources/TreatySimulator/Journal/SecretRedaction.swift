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
        // Runs for every request with a query: split and compare UTF-8 bytes, decoding a name
        // only when it holds an escape.
        var result: [UInt8] = []
        result.reserveCapacity(query.utf8.count)
        for (index, pair) in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).enumerated() {
            if index > 0 { result.append(UInt8(ascii: "&")) }
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else {
                result += pair
                continue
            }
            let name = String(decoding: pair[..<equals], as: UTF8.self)
            let escaped = pair[..<equals].contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }
            guard isSecret(escaped ? PercentDecoding.decode(name[...]) : name) else {
                result += pair
                continue
            }
            result += pair[...equals]
            result += placeholder.utf8
        }
        return String(decoding: result, as: UTF8.self)
    }
}
