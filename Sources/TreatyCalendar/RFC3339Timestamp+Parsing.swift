extension RFC3339Timestamp {
    /// Reads `text` whole as a timestamp of `grammar`, or returns `nil`.
    ///
    /// Fields must have their full width, the date must exist (no February 30), the hour be
    /// below 24, the minute below 60, the second at most 60, and an offset's hours below 24 and
    /// minutes below 60.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - grammar: The relatives of RFC 3339 accepted too; strict RFC 3339 by default.
    /// - Returns: The timestamp, or `nil` when `text` is not one.
    public static func parse(_ text: String, grammar: Grammar = []) -> RFC3339Timestamp? {
        withBytes(text) { parse($0, grammar: grammar) }
    }

    /// Reads UTF-8 `bytes` whole as a timestamp of `grammar`, without allocating.
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 bytes.
    ///   - grammar: The relatives of RFC 3339 accepted too.
    /// - Returns: The timestamp, or `nil` when the bytes are not one.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, grammar: Grammar = []) -> RFC3339Timestamp? {
        guard let (timestamp, end) = parsePrefix(bytes, grammar: grammar), end == bytes.count else { return nil }
        return timestamp
    }

    /// Reads the longest timestamp of `grammar` at the start of `bytes`, for formats that
    /// write more after it (such as Go's `2006-01-02 15:04:05 +0000 UTC`).
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 bytes.
    ///   - grammar: The relatives of RFC 3339 accepted too.
    /// - Returns: The timestamp and the index just past it, or `nil` when none starts there.
    public static func parsePrefix(
        _ bytes: UnsafeBufferPointer<UInt8>, grammar: Grammar = []
    ) -> (timestamp: RFC3339Timestamp, end: Int)? {
        var scanner = Scanner(bytes: bytes, grammar: grammar)
        guard let timestamp = scanner.timestamp() else { return nil }
        return (timestamp, scanner.index)
    }

    /// Reads a numeric offset `+hh:mm` (or `+hhmm` with ``Grammar/compactOffset``, `+hh` with
    /// ``Grammar/hourOffset``) at `index`
    /// of `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 bytes.
    ///   - index: Where the sign is.
    ///   - grammar: The relatives of RFC 3339 accepted too.
    /// - Returns: Seconds east of UTC and the index just past the offset, or `nil`.
    public static func parseOffset(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, grammar: Grammar = []
    ) -> (seconds: Int, end: Int)? {
        var scanner = Scanner(bytes: bytes, grammar: grammar)
        scanner.index = index
        guard let seconds = scanner.numericOffset() else { return nil }
        return (seconds, scanner.index)
    }

    /// Calls `body` with the string's UTF-8 bytes, without copying native strings.
    static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }
}

/// A cursor over the bytes of a timestamp.
private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let grammar: RFC3339Timestamp.Grammar
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>, grammar: RFC3339Timestamp.Grammar) {
        self.bytes = bytes
        self.grammar = grammar
    }

    mutating func timestamp() -> RFC3339Timestamp? {
        guard let year = number(width: 4), take(0x2D), let month = number(width: 2), take(0x2D),
            let day = number(width: 2)
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        let midnight = RFC3339Timestamp(date: date, hour: 0, minute: 0, second: 0, nanosecond: 0, offsetSeconds: nil)
        let afterDate = index
        guard separator() else {
            index = afterDate
            return grammar.contains(.dateOnly) ? midnight : nil
        }
        guard let hour = number(width: 2), take(0x3A), let minute = number(width: 2), hour < 24, minute < 60,
            let (second, written) = seconds(), second <= 60
        else {
            index = afterDate
            return grammar.contains(.dateOnly) ? midnight : nil
        }
        guard let nanosecond = written ? fraction() : 0 else { return nil }
        let offset: Int?
        if take(0x5A) || (grammar.contains(.lowercase) && take(0x7A)) {
            offset = 0
        } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
            guard let numeric = numericOffset() else { return nil }
            offset = numeric
        } else {
            guard grammar.contains(.missingZone) else { return nil }
            offset = nil
        }
        return RFC3339Timestamp(
            date: date, hour: hour, minute: minute, second: second, nanosecond: nanosecond, offsetSeconds: offset)
    }

    /// `T`, or `t` or a space where the grammar allows them.
    mutating func separator() -> Bool {
        take(0x54) || (grammar.contains(.lowercase) && take(0x74)) || (grammar.contains(.spaceSeparator) && take(0x20))
    }

    /// `:ss` and whether it was written; second 0, unwritten, when the grammar allows a time
    /// without seconds and none follow.
    mutating func seconds() -> (second: Int, written: Bool)? {
        if take(0x3A) { return number(width: 2).map { ($0, true) } }
        return grammar.contains(.omittedSeconds) ? (0, false) : nil
    }

    /// Whether minutes follow an offset's hours: a colon, or a digit where the grammar allows
    /// compact offsets.
    func startsMinutes() -> Bool {
        guard index < bytes.count else { return false }
        return bytes[index] == 0x3A || (grammar.contains(.compactOffset) && Self.isDigit(bytes[index]))
    }

    /// The nanoseconds of an optional fraction; `nil` when its separator has no digits after it.
    mutating func fraction() -> Int? {
        guard take(0x2E) || (grammar.contains(.commaFraction) && take(0x2C)) else { return 0 }
        var nanos = 0
        var digits = 0
        while index < bytes.count, Self.isDigit(bytes[index]) {
            if digits < 9 { nanos = nanos * 10 + Int(bytes[index] &- 0x30) }
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        for _ in digits..<max(digits, 9) { nanos *= 10 }
        return nanos
    }

    /// `+hh:mm`, or `+hhmm` where the grammar allows it, as seconds east of UTC.
    mutating func numericOffset() -> Int? {
        let sign: Int
        if take(0x2B) {
            sign = 1
        } else if take(0x2D) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(width: 2) else { return nil }
        if grammar.contains(.hourOffset), !startsMinutes() {
            guard hours < 24 else { return nil }
            return sign * hours * 3_600
        }
        guard take(0x3A) || grammar.contains(.compactOffset) else { return nil }
        guard let minutes = number(width: 2), hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }

    mutating func number(width: Int) -> Int? {
        guard index + width <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<width {
            let byte = bytes[index + offset]
            guard Self.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte &- 0x30)
        }
        index += width
        return value
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
