/// Building ``JSONParseError`` values, and UTF-8 validation.
///
/// These paths run only when a document is invalid (or for non-ASCII bytes), so they favour
/// clear messages over speed.
extension JSONScanner {
    /// An unexpected end of input at `end`.
    func unexpectedEnd(_ expected: String) -> JSONParseError {
        JSONParseError(.unexpectedEnd(expected: expected), at: position(end))
    }

    /// An unexpected byte at `offset`, or invalid UTF-8 if the byte starts no valid sequence.
    func unexpected(at offset: Int, _ expected: String) -> JSONParseError {
        do {
            return JSONParseError(.unexpectedCharacter(try describeByte(at: offset), expected: expected), at: position(offset))
        } catch {
            return error
        }
    }

    /// The character at `offset` quoted, as `'x'`, `0x0B` or `U+00A0`.
    ///
    /// - Throws: An invalid UTF-8 error when the byte does not start a valid sequence.
    func describeByte(at offset: Int) throws(JSONParseError) -> String {
        let byte = base[offset]
        if byte >= 0x20, byte < 0x7F { return "'" + String(UnicodeScalar(byte)) + "'" }
        if byte < 0x80 { return JSONParseError.hex(byte) }
        let length = utf8SequenceLength(at: offset)
        guard length > 0 else { throw JSONParseError(.invalidUTF8(byte: byte), at: position(offset)) }
        let text = String(decoding: UnsafeBufferPointer(start: base + offset, count: length), as: UTF8.self)
        let scalar = text.unicodeScalars.first!
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator,
             .surrogate, .privateUse, .unassigned, .nonspacingMark, .enclosingMark:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        default:
            return "'" + text + "'"
        }
    }

    /// What a value position expects, for error messages.
    func expectedValue() -> String {
        guard depth > 0 else {
            if let streamed = streamedCount {
                return streamed == 0 ? "expected a value or ']'" : "expected a value after ','"
            }
            return "expected a JSON value"
        }
        if current.isObject { return "expected a value after ':'" }
        return values.count > current.start ? "expected a value after ','" : "expected a value or ']'"
    }

    /// The error for a byte that cannot start a value.
    func notAValue() -> JSONParseError {
        let byte = base[index]
        let next: UInt8? = index + 1 < end ? base[index + 1] : nil
        let nextIsDigit = next.map { $0 >= 0x30 && $0 <= 0x39 } ?? false
        if byte == UInt8(ascii: "N"), matches("NaN", at: index) {
            return JSONParseError(.nonFiniteNumber("NaN"), at: position(index))
        }
        if byte == UInt8(ascii: "I"), matches("Infinity", at: index) {
            return JSONParseError(.nonFiniteNumber("Infinity"), at: position(index))
        }
        if byte == UInt8(ascii: "+"), nextIsDigit || matches("+Infinity", at: index) {
            return JSONParseError(
                .invalidNumber(numberText(from: index), problem: "a number cannot start with '+'"), at: position(index))
        }
        if byte == UInt8(ascii: "."), nextIsDigit {
            return JSONParseError(
                .invalidNumber(numberText(from: index), problem: "a number must start with a digit or '-'"),
                at: position(index))
        }
        return unexpected(at: index, expectedValue())
    }

    /// The error for a literal that starts like `true`, `false` or `null` but is not it.
    func literalMismatch(_ literal: StaticString) throws(JSONParseError) -> Never {
        let text = literal.withUTF8Buffer { Array($0) }
        var offset = index
        for expected in text {
            guard offset < end else { throw unexpectedEnd("expected '\(literal)'") }
            guard base[offset] == expected else { throw unexpected(at: offset, "expected '\(literal)'") }
            offset += 1
        }
        // Callers only get here when the bytes differ; should they not, still refuse rather than trap.
        throw unexpected(at: index, "expected '\(literal)'")
    }

    /// A duplicate-key error naming `key`.
    func duplicateKey(_ key: String, at offset: Int) -> JSONParseError {
        JSONParseError(.duplicateKey(JSONValue.string(key).serialized()), at: position(offset))
    }

    /// Whether the input holds `word` at `offset`.
    func matches(_ word: StaticString, at offset: Int) -> Bool {
        word.withUTF8Buffer { bytes in
            guard end - offset >= bytes.count else { return false }
            for i in 0..<bytes.count where base[offset + i] != bytes[i] { return false }
            return true
        }
    }

    /// The number-like text from `offset`, for messages (at most 40 bytes).
    func numberText(from offset: Int) -> String {
        var stop = offset
        while stop < end, stop - offset < 40 {
            switch base[stop] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
                 UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                stop += 1
            default:
                return String(decoding: UnsafeBufferPointer(start: base + offset, count: stop - offset), as: UTF8.self)
            }
        }
        return String(decoding: UnsafeBufferPointer(start: base + offset, count: stop - offset), as: UTF8.self)
    }

    /// The length of the well-formed UTF-8 sequence starting at `offset` (a byte >= 0x80), or 0.
    ///
    /// Follows the Unicode table of well-formed byte sequences: no overlong forms, no
    /// surrogates, nothing above U+10FFFF, no truncated sequences.
    @inline(__always)
    func utf8SequenceLength(at offset: Int) -> Int {
        let lead = base[offset]
        let available = end - offset
        @inline(__always) func continuation(_ i: Int) -> Bool { base[offset + i] & 0xC0 == 0x80 }
        if lead < 0xC2 { return 0 }
        if lead < 0xE0 {
            return available >= 2 && continuation(1) ? 2 : 0
        }
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
}
