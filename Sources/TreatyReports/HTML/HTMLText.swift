import TreatyJSON
import TreatySecrets

/// Text made safe for the report: control characters made visible, secrets masked by the shared
/// policy, long text cut, and `& < > " '` escaped.
enum HTMLText {
    /// The most bytes of one body or detail shown; the rest is counted.
    static let maxTextBytes = 8 * 1024

    /// `text` escaped for element content.
    static func content(_ text: String) -> String {
        MarkupEscaping.content(shown(text))
    }

    /// `text` escaped for a double-quoted attribute.
    static func attribute(_ text: String) -> String {
        MarkupEscaping.attribute(shown(text))
    }

    /// An id made of `prefix` and `text`, usable in a URL fragment.
    static func anchor(_ prefix: String, _ text: String) -> String {
        prefix + "-" + String(text.unicodeScalars.map { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
                ? Character(scalar) : "_"
        })
    }

    private static func shown(_ text: String) -> String {
        TextSanitizer.clean(TextSanitizer.truncated(SecretPolicy.redactedMessage(text), toUTF8Bytes: maxTextBytes))
    }
}
