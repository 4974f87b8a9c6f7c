/// A small direct-mapped cache of the strings a document repeats: keys, ids, states, dates.
///
/// Dumps repeat the same keys in every record and the same ids (projects, users, tags) in many.
/// Each entry remembers where in the input its string was last read, so a candidate is checked
/// by comparing input bytes with input bytes; a hit reuses the `String` without validating,
/// allocating or copying, and equal strings in the tree share one storage. Only strings
/// without escapes are cached, so equal raw bytes mean equal strings.
struct StringInternTable: ~Copyable {
    /// One cached string and where its bytes are in the input.
    struct Entry {
        var offset: Int
        var length: Int
        var string: String
    }

    /// The longest string cached; longer ones are rarely repeated.
    static let maximumLength = 64
    /// The most slots a table has, for inputs of 32 KiB and more.
    static let maximumSlotCount = 4096

    private let entries: UnsafeMutablePointer<Entry>
    /// A power of two: one slot per 8 input bytes, from 16 up to ``maximumSlotCount``, so a
    /// small body does not pay for setting up and tearing down a large table.
    private let slotCount: Int

    /// A table sized for an input of `inputLength` bytes.
    init(inputLength: Int) {
        var count = 16
        while count < Self.maximumSlotCount, count * 8 < inputLength { count *= 2 }
        slotCount = count
        entries = .allocate(capacity: count)
        entries.initialize(repeating: Entry(offset: 0, length: -1, string: ""), count: count)
    }

    deinit {
        entries.deinitialize(count: slotCount)
        entries.deallocate()
    }

    /// The string of the `length` (1 through ``maximumLength``) valid UTF-8 bytes at
    /// `base + start`, from the cache when it holds them; `end` is the input's length.
    @inline(__always)
    mutating func string(_ base: UnsafePointer<UInt8>, start: Int, length: Int, end: Int) -> String {
        let bytes = UnsafeRawPointer(base + start)
        let hash: UInt64
        if length >= 8 {
            let first = bytes.loadUnaligned(as: UInt64.self)
            let middle = bytes.loadUnaligned(fromByteOffset: (length - 8) / 2, as: UInt64.self)
            let last = bytes.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (middle &* 0xC2B2_AE3D_27D4_EB4F)
                ^ (last &* 0x1656_67B1_9E37_79F9) ^ UInt64(length)
        } else if end - start >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)) & (1 &<< UInt64(length &* 8) &- 1)
            hash = (word ^ UInt64(length) &<< 59) &* 0x9E37_79B9_7F4A_7C15
        } else {
            var word: UInt64 = 0
            for i in 0..<length { word |= UInt64(base[start + i]) &<< UInt64(i &* 8) }
            hash = (word ^ UInt64(length) &<< 59) &* 0x9E37_79B9_7F4A_7C15
        }
        let slot = entries + Int(truncatingIfNeeded: (hash >> 52) & UInt64(slotCount - 1))
        if slot.pointee.length == length, Self.equal(base + slot.pointee.offset, base + start, length) {
            slot.pointee.offset = start
            return slot.pointee.string
        }
        let string = String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
        slot.pointee = Entry(offset: start, length: length, string: string)
        return string
    }

    /// Whether the `length` bytes at `a` and `b` are equal.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        if a == b { return true }
        guard length >= 8 else {
            for i in 0..<length where a[i] != b[i] { return false }
            return true
        }
        let rawA = UnsafeRawPointer(a)
        let rawB = UnsafeRawPointer(b)
        var i = 0
        while i + 8 <= length {
            if rawA.loadUnaligned(fromByteOffset: i, as: UInt64.self) != rawB.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i += 8
        }
        return rawA.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            == rawB.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
    }
}
