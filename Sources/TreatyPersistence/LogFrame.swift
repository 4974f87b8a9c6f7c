import Crypto

/// One record of a persistence file: its length, a checksum, then the payload.
///
/// ```
/// length: UInt32, little-endian — the payload's byte count
/// check:  8 bytes — the first 8 bytes of the payload's SHA-256 (swift-crypto)
/// payload
/// ```
///
/// A torn write (power loss mid-record) leaves a length that runs past the end of the file or a
/// payload whose checksum does not match; either ends the readable part of the file.
enum LogFrame {
    /// The bytes before a payload.
    static let headerSize = 12
    /// The largest payload accepted (1 GiB): a larger length is a corrupt one.
    static let maximumPayload = 1 << 30

    /// The framed form of `payload`.
    static func encode(_ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize + payload.count)
        let length = UInt32(payload.count)
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: length >> UInt32(shift))) }
        bytes.append(contentsOf: checksum(payload))
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// The checksum of `payload`: the first 8 bytes of its SHA-256.
    static func checksum(_ payload: some Collection<UInt8>) -> [UInt8] {
        Array(SHA256.hash(data: Array(payload)).prefix(8))
    }

    /// The frames of `bytes`, in order, up to the first that is incomplete or fails its
    /// checksum.
    static func decode(_ bytes: [UInt8]) -> FrameScan {
        var payloads: [ArraySlice<UInt8>] = []
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= headerSize else {
                return FrameScan(payloads: payloads, validEnd: offset, problem: .torn)
            }
            var length = 0
            for index in 0..<4 { length |= Int(bytes[offset + index]) << (8 * index) }
            let start = offset + headerSize
            guard length <= maximumPayload else {
                return FrameScan(payloads: payloads, validEnd: offset, problem: .corrupt)
            }
            guard bytes.count - start >= length else {
                return FrameScan(payloads: payloads, validEnd: offset, problem: .torn)
            }
            let payload = bytes[start..<(start + length)]
            guard checksum(payload).elementsEqual(bytes[(offset + 4)..<start]) else {
                return FrameScan(payloads: payloads, validEnd: offset, problem: .corrupt)
            }
            payloads.append(payload)
            offset = start + length
        }
        return FrameScan(payloads: payloads, validEnd: offset, problem: nil)
    }
}

/// What ``LogFrame/decode(_:)`` found in a file.
struct FrameScan {
    /// Why the readable part ends before the file does.
    enum Problem: Equatable {
        /// The last record is incomplete: a write cut short.
        case torn
        /// A record fails its checksum or has an impossible length.
        case corrupt
    }

    /// The payloads of the good frames, in order.
    var payloads: [ArraySlice<UInt8>]
    /// Where the good frames end.
    var validEnd: Int
    /// Why reading stopped before the end of the file; `nil` when every byte was read.
    var problem: Problem?
}
