/// Standard base64 (RFC 4648, padding optional) for `bytes` fields.
enum Base64 {
    /// The decoded bytes, or `nil` when `text` is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        var padding = 0
        for byte in text.utf8 {
            let value: UInt32
            switch byte {
            case 0x41...0x5A: value = UInt32(byte - 0x41)
            case 0x61...0x7A: value = UInt32(byte - 0x61 + 26)
            case 0x30...0x39: value = UInt32(byte - 0x30 + 52)
            case 0x2B, 0x2D: value = 62
            case 0x2F, 0x5F: value = 63
            case 0x3D:
                padding += 1
                continue
            default: return nil
            }
            guard padding == 0 else { return nil }
            buffer = (buffer << 6) | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return padding <= 2 ? output : nil
    }
}
