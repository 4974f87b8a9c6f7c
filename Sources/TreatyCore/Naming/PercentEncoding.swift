/// Percent-encoding of URL components (RFC 3986 unreserved characters stay as they are).
public enum PercentEncoding {
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
                let hex = String(byte, radix: 16, uppercase: true)
                result += (hex.count == 1 ? "%0" : "%") + hex
            }
        }
        return result
    }
}
