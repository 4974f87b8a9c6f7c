/// Lenient decoding of form and query names: `+` is a space, valid `%XX` escapes are decoded
/// and anything else is kept, so that `access%5Ftoken` is recognised as `access_token`.
enum FormDecoding {
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            switch byte {
            case UInt8(ascii: "+"):
                decoded.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index != bytes.endIndex, bytes.index(after: index) != bytes.endIndex,
                    let high = hexValue(bytes[index]), let low = hexValue(bytes[bytes.index(after: index)])
                else {
                    decoded.append(byte)
                    continue
                }
                decoded.append(high << 4 | low)
                index = bytes.index(index, offsetBy: 2)
            default:
                decoded.append(byte)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
