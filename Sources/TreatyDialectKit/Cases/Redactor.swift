internal import Foundation
public import HTTPTypes

/// Removes secrets from everything a run shows: header values of credential headers, and any
/// occurrence of a known secret value (the token itself) in bodies, URLs and messages.
public struct Redactor: Sendable, Hashable {
    /// The replacement text.
    public static let mask = "[redacted]"

    private var secrets: [String]

    /// Creates a redactor that also masks these literal values wherever they appear.
    public init(secrets: [String] = []) {
        self.secrets = secrets.filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }

    /// Whether a header's value is a credential, by its name.
    public static func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        if ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(lower) { return true }
        return ["token", "secret", "password", "api-key", "apikey", "session"].contains { lower.contains($0) }
    }

    /// `text` with every known secret value masked.
    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: Self.mask)
        }
        return result
    }

    /// Header lines `Name: value`, with credential values masked.
    public func headerLines(_ fields: HTTPFields) -> [String] {
        fields.map { field in
            let value = Self.isSecretHeader(field.name.rawName) ? Self.mask : redact(field.value)
            return "\(field.name.rawName): \(value)"
        }
    }
}
