/// Strings and numbers.
extension JSONScanner {
    // MARK: Strings

    /// A mask with the high bit set in each of the eight bytes of `word` that is `"`, `\`, a
    /// control character or non-ASCII; bits above the lowest flagged byte may be spurious.
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

    /// Checks the string whose opening quote is at `index` exactly as ``scanString()`` does, and
    /// builds it only when it has escapes; leaves `index` after the closing quote.
    ///
    /// Sets `lastStringWasPlain` to whether the string had neither escapes nor non-ASCII bytes.
    mutating func skipString() throws(JSONParseError) {
        _ = try scanString(building: false)
    }

    /// Parses the string whose opening quote is at `index`; leaves `index` after the closing quote.
    ///
    /// Sets `lastStringWasPlain` to whether the string had neither escapes nor non-ASCII bytes.
    /// Without `building`, a string without escapes is checked but not built (the result is "").
    mutating func scanString(building: Bool = true) throws(JSONParseError) -> String {
        let start = index + 1
        var i = start
        var plain = true
        while true {
            // Eight bytes at a time up to the first byte that needs a look.
            while end - i >= 8 {
                let mask = Self.attentionMask(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                if mask != 0 {
                    i += (UInt64(littleEndian: mask).trailingZeroBitCount &>> 3)
                    break
                }
                i += 8
            }
            guard i < end else { throw unexpectedEnd("expected '\"' to close the string") }
            let byte = base[i]
            if byte == UInt8(ascii: "\"") {
                index = i + 1
                lastStringWasPlain = plain
                guard building else { return "" }
                let length = i - start
                if length <= StringInternTable.maximumLength {
                    return length == 0 ? "" : strings.string(base, start: start, length: length, end: end)
                }
                return String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                lastStringWasPlain = false
                return try scanEscapedString(start: start, firstEscape: i)
            } else if byte < 0x20 {
                throw JSONParseError(.controlCharacter(byte), at: position(i))
            } else if byte >= 0x80 {
                let length = utf8SequenceLength(at: i)
                guard length > 0 else { throw JSONParseError(.invalidUTF8(byte: byte), at: position(i)) }
                i += length
                plain = false
            } else {
                i += 1
            }
        }
    }

    /// Continues a string from its first escape, unescaping into `escapeBuffer`.
    private mutating func scanEscapedString(start: Int, firstEscape: Int) throws(JSONParseError) -> String {
        escapeBuffer.removeAll(keepingCapacity: true)
        var runStart = start
        var i = firstEscape
        while true {
            guard i < end else { throw unexpectedEnd("expected '\"' to close the string") }
            let byte = base[i]
            if byte == UInt8(ascii: "\"") {
                escapeBuffer.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart))
                index = i + 1
                return String(decoding: escapeBuffer, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                escapeBuffer.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart))
                i = try unescape(at: i)
                runStart = i
            } else if byte < 0x20 {
                throw JSONParseError(.controlCharacter(byte), at: position(i))
            } else if byte >= 0x80 {
                let length = utf8SequenceLength(at: i)
                guard length > 0 else { throw JSONParseError(.invalidUTF8(byte: byte), at: position(i)) }
                i += length
            } else {
                i += 1
            }
        }
    }

    /// Appends the character of the escape at `offset` (a backslash) to `escapeBuffer`.
    ///
    /// - Returns: The offset just after the escape.
    private mutating func unescape(at offset: Int) throws(JSONParseError) -> Int {
        guard offset + 1 < end else { throw unexpectedEnd("expected an escape character after '\\'") }
        let replacement: UInt8
        switch base[offset + 1] {
        case UInt8(ascii: "\""): replacement = 0x22
        case UInt8(ascii: "\\"): replacement = 0x5C
        case UInt8(ascii: "/"): replacement = 0x2F
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            return try unescapeUnicode(at: offset)
        default:
            let escaped = base[offset + 1]
            let shown = escaped >= 0x20 && escaped < 0x7F
                ? "'\\" + String(UnicodeScalar(escaped)) + "'"
                : "'\\' followed by " + JSONParseError.hex(escaped)
            throw JSONParseError(.invalidEscape(shown), at: position(offset))
        }
        escapeBuffer.append(replacement)
        return offset + 2
    }

    /// The code unit of the `\uXXXX` escape at `offset`.
    private func hexEscape(at offset: Int) throws(JSONParseError) -> UInt16 {
        var unit: UInt16 = 0
        for i in offset + 2..<offset + 6 {
            guard i < end else { throw unexpectedEnd("expected four hex digits after '\\u'") }
            let byte = base[i]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- 0x30
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- 0x57
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- 0x37
            default: throw JSONParseError(.invalidUnicodeEscape, at: position(offset))
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// Appends the scalar of the `\uXXXX` escape (or surrogate pair) at `offset`.
    private mutating func unescapeUnicode(at offset: Int) throws(JSONParseError) -> Int {
        let unit = try hexEscape(at: offset)
        var scalar = UInt32(unit)
        var next = offset + 6
        switch unit {
        case 0xD800...0xDBFF:
            guard end - next >= 2, base[next] == UInt8(ascii: "\\"), base[next + 1] == UInt8(ascii: "u") else {
                throw JSONParseError(.unpairedHighSurrogate(unit), at: position(offset))
            }
            let low = try hexEscape(at: next)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONParseError(.unpairedHighSurrogate(unit), at: position(offset))
            }
            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw JSONParseError(.unpairedLowSurrogate(unit), at: position(offset))
        default:
            break
        }
        switch scalar {
        case 0..<0x80:
            escapeBuffer.append(UInt8(scalar))
        case 0x80..<0x800:
            escapeBuffer.append(UInt8(0xC0 | scalar >> 6))
            escapeBuffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            escapeBuffer.append(UInt8(0xE0 | scalar >> 12))
            escapeBuffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            escapeBuffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            escapeBuffer.append(UInt8(0xF0 | scalar >> 18))
            escapeBuffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            escapeBuffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            escapeBuffer.append(UInt8(0x80 | scalar & 0x3F))
        }
        return next
    }

    // MARK: Numbers

    /// Parses the number at `index` (a `-` or a digit), checking the RFC 8259 grammar.
    mutating func scanNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        var i = start
        let negative = base[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < end, base[i] &- 0x30 < 10 else {
            if negative, matches("Infinity", at: i) {
                throw JSONParseError(.nonFiniteNumber("-Infinity"), at: position(start))
            }
            throw invalidNumber(start, "expected a digit after '-'")
        }
        let integerStart = i
        var magnitude: UInt64 = 0
        if base[i] == UInt8(ascii: "0") {
            i += 1
            if i < end, base[i] &- 0x30 < 10 { throw invalidNumber(start, "leading zeros are not allowed") }
        } else {
            while i < end {
                let digit = base[i] &- 0x30
                if digit >= 10 { break }
                magnitude = magnitude &* 10 &+ UInt64(digit)
                i += 1
            }
        }
        let integerDigits = i - integerStart
        var isInteger = true
        if i < end, base[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < end, base[i] &- 0x30 < 10 else { throw invalidNumber(start, "expected a digit after '.'") }
            while i < end, base[i] &- 0x30 < 10 { i += 1 }
        }
        if i < end, base[i] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            i += 1
            if i < end, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i += 1 }
            guard i < end, base[i] &- 0x30 < 10 else { throw invalidNumber(start, "expected a digit in the exponent") }
            while i < end, base[i] &- 0x30 < 10 { i += 1 }
        }
        index = i
        if isInteger, integerDigits <= 18, !(negative && magnitude == 0) {
            let value = Int64(magnitude)
            return JSONNumber(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: i - start), as: UTF8.self)
        return JSONNumber(validatedText: text, isInteger: isInteger)
    }

    private func invalidNumber(_ start: Int, _ problem: String) -> JSONParseError {
        JSONParseError(.invalidNumber(numberText(from: start), problem: problem), at: position(start))
    }
}
