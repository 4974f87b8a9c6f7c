/// Unpadded base64url (RFC 4648 §5), as JWTs use it.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The unpadded base64url text of `bytes`.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for position in 0..<(chunk.count + 1) {
                out.append(alphabet[Int((value >> UInt32(18 - 6 * position)) & 0x3f)])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of base64url (or standard base64) text, padded or not; `nil` when malformed.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var value: UInt32 = 0
        var bits = 0
        var out: [UInt8] = []
        for byte in text.utf8 {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "-"), UInt8(ascii: "+"): digit = 62
            case UInt8(ascii: "_"), UInt8(ascii: "/"): digit = 63
            case UInt8(ascii: "="): continue
            default: return nil
            }
            value = value << 6 | digit
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: value >> UInt32(bits)))
            }
        }
        return out
    }
}
