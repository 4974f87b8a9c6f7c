internal import Crypto

/// The hashes PocketBase's simulator signs and stores with, through swift-crypto: HMAC-SHA-256
/// for HS256 tokens and SHA-256 for the stored form of passwords.
enum PocketBaseDigest {
    /// HMAC-SHA-256 of the UTF-8 bytes of `message` under the UTF-8 bytes of `key`.
    static func hmacSHA256(key: some StringProtocol, message: some StringProtocol) -> [UInt8] {
        let code = HMAC<SHA256>.authenticationCode(
            for: Array(message.utf8), using: SymmetricKey(data: Array(key.utf8)))
        return Array(code)
    }

    /// The SHA-256 digest of the UTF-8 bytes of `text`.
    static func sha256(_ text: some StringProtocol) -> [UInt8] {
        Array(SHA256.hash(data: Array(text.utf8)))
    }

    /// Lower-case hex of `bytes`.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return text
    }
}
