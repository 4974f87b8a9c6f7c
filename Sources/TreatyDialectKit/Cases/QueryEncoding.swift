public import TreatyDialect

/// Percent-encoding of query strings (RFC 3986 unreserved characters stay as they are).
public enum QueryEncoding {
    /// `?name=value&…` with every part percent-encoded, or the empty string for no items.
    public static func encode(_ items: [QueryItem]) -> String {
        guard !items.isEmpty else { return "" }
        return "?" + items.map { "\(component($0.name))=\(component($0.value))" }.joined(separator: "&")
    }

    /// `text` with every byte but RFC 3986's unreserved characters percent-encoded.
    public static func component(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
