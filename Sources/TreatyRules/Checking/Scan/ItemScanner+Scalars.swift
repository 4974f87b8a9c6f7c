internal import Foundation
import TreatyCalendar

/// Strings, numbers and lists, read in place.
extension ItemScanner {
    /// A string's contents in the payload.
    struct Text {
        let start: Int
        let length: Int
        /// Whether the string had no escapes, so its contents are its bytes.
        let isRaw: Bool
        /// Whether every byte is ASCII.
        let isASCII: Bool
    }

    /// A number as read: its value when it is a plain integer of at most 18 digits.
    struct Number {
        let integer: Int64?
        let digits: Int
    }

    @inline(__always)
    private static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash | word) & highs
    }

    /// Reads the string whose opening quote is at `index`; `nil` for anything the parser might
    /// reject or decode differently (control characters, malformed UTF-8, surrogate escapes).
    mutating func scanString() -> Text? {
        let start = index + 1
        var i = start
        var isRaw = true
        var isASCII = true
        while true {
            while end - i >= 8 {
                let mask = Self.attentionMask(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                if mask != 0 {
                    i += (UInt64(littleEndian: mask).trailingZeroBitCount &>> 3)
                    break
                }
                i += 8
            }
            guard i < end else { return nil }
            let byte = base[i]
            if byte == UInt8(ascii: "\"") {
                index = i + 1
                return Text(start: start, length: i - start, isRaw: isRaw, isASCII: isASCII)
            } else if byte == UInt8(ascii: "\\") {
                guard let next = escapeEnd(at: i) else { return nil }
                i = next
                isRaw = false
            } else if byte < 0x20 {
                return nil
            } else if byte >= 0x80 {
                let length = utf8SequenceLength(at: i)
                guard length > 0 else { return nil }
                i += length
                isASCII = false
            } else {
                i += 1
            }
        }
    }

    /// The offset after the escape at `offset`, or `nil` when it is invalid or a surrogate.
    private func escapeEnd(at offset: Int) -> Int? {
        guard offset + 1 < end else { return nil }
        switch base[offset + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return offset + 2
        case UInt8(ascii: "u"):
            guard end - offset >= 6 else { return nil }
            var unit: UInt32 = 0
            for i in offset + 2..<offset + 6 {
                let byte = base[i]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- 0x30
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- 0x57
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- 0x37
                default: return nil
                }
                unit = unit << 4 | UInt32(digit)
            }
            return (0xD800...0xDFFF).contains(unit) ? nil : offset + 6
        default:
            return nil
        }
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (a byte >= 0x80), or 0; as the
    /// parser reads it.
    @inline(__always)
    private func utf8SequenceLength(at offset: Int) -> Int {
        let lead = base[offset]
        let available = end - offset
        @inline(__always) func continuation(_ i: Int) -> Bool { base[offset + i] & 0xC0 == 0x80 }
        if lead < 0xC2 { return 0 }
        if lead < 0xE0 { return available >= 2 && continuation(1) ? 2 : 0 }
        if lead < 0xF0 {
            guard available >= 3 else { return 0 }
            let second = base[offset + 1]
            let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
            return second >= low && second <= high && continuation(2) ? 3 : 0
        }
        if lead < 0xF5 {
            guard available >= 4 else { return 0 }
            let second = base[offset + 1]
            let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
            return second >= low && second <= high && continuation(2) && continuation(3) ? 4 : 0
        }
        return 0
    }

    /// Reads the number at `index` by the RFC 8259 grammar; `nil` when it breaks it.
    mutating func scanNumber() -> Number? {
        var i = index
        let negative = base[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < end, base[i] &- 0x30 < 10 else { return nil }
        let integerStart = i
        var magnitude: UInt64 = 0
        if base[i] == UInt8(ascii: "0") {
            i += 1
            if i < end, base[i] &- 0x30 < 10 { return nil }
        } else {
            while i < end {
                let digit = base[i] &- 0x30
                if digit >= 10 { break }
                magnitude = magnitude &* 10 &+ UInt64(digit)
                i += 1
            }
        }
        let digits = i - integerStart
        var isInteger = true
        if i < end, base[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < end, base[i] &- 0x30 < 10 else { return nil }
            while i < end, base[i] &- 0x30 < 10 { i += 1 }
        }
        if i < end, base[i] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            i += 1
            if i < end, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i += 1 }
            guard i < end, base[i] &- 0x30 < 10 else { return nil }
            while i < end, base[i] &- 0x30 < 10 { i += 1 }
        }
        index = i
        guard isInteger, digits <= 18, !(negative && magnitude == 0) else {
            return Number(integer: nil, digits: digits)
        }
        let value = Int64(magnitude)
        return Number(integer: negative ? -value : value, digits: digits)
    }

    // MARK: Tests

    /// Whether string `text` passes `test`.
    func passes(_ text: Text, _ test: ScanTest) -> Bool {
        let bytes = UnsafeBufferPointer(start: base + text.start, count: text.length)
        switch test.kind {
        case .string, .scalar: break
        case .uuid: guard Self.isUUID(bytes) else { return false }
        case .nonEmptyString: guard text.isRaw, text.length > 0 else { return false }
        case .datetime: guard text.isRaw, RFC3339Timestamp.parse(bytes) != nil else { return false }
        case .date:
            guard text.isRaw, text.length == 10, RFC3339Timestamp.parse(bytes, grammar: .dateOnly) != nil else {
                return false
            }
        case .millisecondTimestamp:
            guard text.isRaw, text.length == 24, bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z"),
                RFC3339Timestamp.parse(bytes) != nil
            else { return false }
        default: return false
        }
        guard test.readsStringContents else { return true }
        guard text.isRaw, text.isASCII else { return false }
        if test.trim, let first = bytes.first, let last = bytes.last, first <= 0x20 || last <= 0x20 { return false }
        // Plain ASCII without escapes: one character per byte.
        if let minimum = test.minLength, text.length < minimum { return false }
        if let maximum = test.maxLength, text.length > maximum { return false }
        return true
    }

    /// Whether `text` (plain ASCII, already checked) is one of `allowed`.
    func isAllowed(_ text: Text, _ allowed: [[UInt8]]?) -> Bool {
        guard let allowed else { return true }
        let bytes = UnsafeBufferPointer(start: base + text.start, count: text.length)
        return allowed.contains { $0.count == bytes.count && $0.elementsEqual(bytes) }
    }

    /// Whether number `number` passes `test`.
    func passes(_ number: Number, _ test: ScanTest) -> Bool {
        switch test.kind {
        case .number, .scalar: break
        case .integer: guard number.integer != nil else { return false }
        case .version: guard let value = number.integer, value >= 0 else { return false }
        default: return false
        }
        guard test.minimum != nil || test.maximum != nil else { return true }
        // Integers of up to 15 digits convert to doubles exactly, as the rule compares them.
        guard let value = number.integer, number.digits <= 15 else { return false }
        let double = Double(value)
        if let minimum = test.minimum, double < minimum { return false }
        if let maximum = test.maximum, double > maximum { return false }
        return true
    }

    /// Whether `bytes` is a UUID in 8-4-4-4-12 hex form (either case).
    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for index in 0..<36 {
            let byte = bytes[index]
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let lower = byte | 0x20
                guard (byte >= 0x30 && byte <= 0x39) || (lower >= 0x61 && lower <= 0x66) else { return false }
            }
        }
        return true
    }

    // MARK: Lists

    /// Reads an array of strings.
    mutating func scanStringList() -> Bool {
        index += 1
        skipWhitespace()
        if index < end, base[index] == UInt8(ascii: "]") {
            index += 1
            return true
        }
        while true {
            guard index < end, base[index] == UInt8(ascii: "\""), scanString() != nil else { return false }
            guard endOfListMember() else { return false }
            if base[index - 1] == UInt8(ascii: "]") { return true }
        }
    }

    /// Reads an id set: ids of `element` kind, each sorting strictly after the previous one.
    mutating func scanIDSet(_ element: ScanTest.IDKind) -> Bool {
        index += 1
        skipWhitespace()
        if index < end, base[index] == UInt8(ascii: "]") {
            index += 1
            return true
        }
        var previous = (start: 0, length: -1)
        while true {
            guard index < end else { return false }
            let start: Int
            let length: Int
            switch element {
            case .uuid, .nonEmptyString:
                guard base[index] == UInt8(ascii: "\""), let text = scanString(), text.isRaw else { return false }
                if case .uuid = element {
                    guard Self.isUUID(UnsafeBufferPointer(start: base + text.start, count: text.length)) else {
                        return false
                    }
                } else {
                    guard text.length > 0 else { return false }
                }
                (start, length) = (text.start, text.length)
            case .integer:
                start = index
                guard base[index] != UInt8(ascii: "\""), let number = scanNumber(), number.integer != nil else {
                    return false
                }
                length = index - start
            }
            if previous.length >= 0 {
                let order = memcmp(base + previous.start, base + start, min(previous.length, length))
                guard order < 0 || (order == 0 && previous.length < length) else { return false }
            }
            previous = (start, length)
            guard endOfListMember() else { return false }
            if base[index - 1] == UInt8(ascii: "]") { return true }
        }
    }

    /// Skips whitespace and the `,` or `]` after a list member; `false` for anything else.
    private mutating func endOfListMember() -> Bool {
        skipWhitespace()
        guard index < end else { return false }
        let byte = base[index]
        index += 1
        if byte == UInt8(ascii: ",") {
            skipWhitespace()
            return true
        }
        return byte == UInt8(ascii: "]")
    }
}
