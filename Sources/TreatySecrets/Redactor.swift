/// The secret policy plus the literal secret values a run knows (the token it was given, the
/// password a case sends): masks both in everything a run shows.
///
/// ``SecretPolicy`` recognises secrets by name; a `Redactor` also masks a known value wherever
/// it appears — in a URL, a message, an echoed body — with the same ``SecretPolicy/mask``.
public struct Redactor: Sendable, Hashable {
    private var secrets: [String]

    /// Creates a redactor that also masks these literal values wherever they appear.
    ///
    /// - Parameter secrets: The values; ones shorter than four characters are ignored, since
    ///   masking them would garble ordinary text.
    public init(secrets: [String] = []) {
        self.secrets = Array(Set(secrets.filter { $0.count >= 4 })).sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// A finding or message with quoted secret JSON members and known secret values masked.
    ///
    /// - Parameter message: Any text.
    /// - Returns: The text to show.
    public func redactMessage(_ message: String) -> String {
        redact(SecretPolicy.redactedMessage(message))
    }

    /// `text` with every known secret value masked.
    ///
    /// - Parameter text: Any text.
    /// - Returns: The text to show.
    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacing(secret, with: SecretPolicy.mask)
        }
        return result
    }

    /// A header as a `Name: value` line, its value masked when the name is secret and known
    /// secret values masked otherwise.
    ///
    /// - Parameters:
    ///   - name: The header name.
    ///   - value: The header value.
    /// - Returns: The line to show.
    public func headerLine(name: String, value: String) -> String {
        "\(name): \(SecretPolicy.isSecretHeader(name) ? SecretPolicy.mask : redact(value))"
    }

    /// A request target or URL with secret path segments, query values, user-info passwords
    /// and known secret values masked.
    ///
    /// - Parameter url: The URL or request target.
    /// - Returns: The text to show.
    public func redactURL(_ url: String) -> String {
        redact(SecretPolicy.redactedURL(url))
    }

    /// A body with secret keys and known secret values masked (see
    /// ``SecretPolicy/redactedBody(_:contentType:)``).
    ///
    /// - Parameters:
    ///   - body: The body text.
    ///   - contentType: The `Content-Type` header value, if any.
    /// - Returns: The text to show.
    public func redactBody(_ body: String, contentType: String?) -> String {
        redact(SecretPolicy.redactedBody(body, contentType: contentType))
    }
}
