extension SecretPolicy {
    /// A request or response body with the values of secret keys masked, chosen by its
    /// content type.
    ///
    /// JSON bodies (`application/json`, `…+json`) lose the values of secret members at any
    /// depth; form bodies (`application/x-www-form-urlencoded`) the values of secret fields;
    /// multipart form bodies the contents of secret fields, and the secret members of JSON
    /// parts such as an `@jsonPayload` field. A body without a content type, or of a
    /// `text/…` type, is read as JSON when it starts with `{` or `[`, and as a form otherwise.
    /// Other bodies (images, files) are returned unchanged. Malformed or truncated input is
    /// redacted as far as it can be read, never rejected.
    ///
    /// - Parameters:
    ///   - body: The body bytes.
    ///   - contentType: The `Content-Type` header value, if any.
    /// - Returns: The body to show.
    public static func redactedBody(_ body: [UInt8], contentType: String?) -> [UInt8] {
        guard !body.isEmpty else { return body }
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("multipart/") {
            return MultipartRedaction(contentType: contentType ?? "").redacted(body)
        }
        if type.contains("json") { return JSONTextRedaction.redacted(body) }
        if type.hasPrefix("application/x-www-form-urlencoded") { return redactedForm(body) }
        guard type.isEmpty || type.hasPrefix("text/") else { return body }
        let first = body.first {
            ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains($0)
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return JSONTextRedaction.redacted(body) }
        return redactedForm(body)
    }

    /// A message — a finding, an error description — with the values of secret JSON members
    /// it quotes masked (`… got {"token":"<redacted>"}`).
    ///
    /// - Parameter message: Any text.
    /// - Returns: The text to show.
    public static func redactedMessage(_ message: String) -> String {
        guard message.contains("\"") else { return message }
        return String(decoding: JSONTextRedaction.redacted(Array(message.utf8)), as: UTF8.self)
    }

    /// ``redactedBody(_:contentType:)`` for text, such as a body excerpt.
    ///
    /// - Parameters:
    ///   - body: The body text.
    ///   - contentType: The `Content-Type` header value, if any.
    /// - Returns: The text to show.
    public static func redactedBody(_ body: String, contentType: String?) -> String {
        String(decoding: redactedBody(Array(body.utf8), contentType: contentType), as: UTF8.self)
    }
}
