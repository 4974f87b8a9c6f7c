public import TreatyDialect
import TreatyCore

/// Percent-encoding of query strings (RFC 3986 unreserved characters stay as they are).
public enum QueryEncoding {
    /// `?name=value&…` with every part percent-encoded, or the empty string for no items.
    public static func encode(_ items: [QueryItem]) -> String {
        guard !items.isEmpty else { return "" }
        return "?" + items.map { "\(component($0.name))=\(component($0.value))" }.joined(separator: "&")
    }

    /// `text` with every byte but RFC 3986's unreserved characters percent-encoded.
    public static func component(_ text: String) -> String {
        PercentEncoding.component(text)
    }
}
