import TreatyCalendar

extension PocketBaseDateTime {
    /// Parses a date the way PocketBase does on writes (`types.DateTime.Scan`: its own layout,
    /// then `cast.ToTime`'s list), or returns `nil` where PocketBase stores `""`.
    ///
    /// Accepted: `2006-01-02`; `2006-01-02 15:04:05` or `2006-01-02T15:04:05`, with an optional
    /// fraction of any length and an optional zone (`Z`, `+07:00`, `+0700`, or after a space
    /// `+07:00`/`+0700`, optionally followed by a zone name as Go's `Time.String()` writes it);
    /// `02 Jan 2006`; RFC 1123 (`Mon, 02 Jan 2006 15:04:05 -0700` or `… GMT`). Fields must have
    /// their full width (`2024-5-6` is refused), and no surrounding spaces are allowed. Times
    /// without a zone are UTC.
    ///
    /// - Parameter text: The submitted text.
    init?(parsing text: String) {
        var iso = DateScanner(text)
        var short = DateScanner(text)
        var rfc = DateScanner(text)
        guard let value = iso.isoDateTime() ?? short.dayMonthYear() ?? rfc.rfc1123() else { return nil }
        self = value
    }
}

/// A cursor over the bytes of a date string.
private struct DateScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    var atEnd: Bool { index == bytes.count }

    mutating func number(width: Int) -> Int? {
        guard index + width <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<width {
            let byte = bytes[index + offset]
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += width
        return value
    }

    mutating func take(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, index < bytes.count, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    mutating func word() -> String {
        let start = index
        while index < bytes.count, (65...90).contains(bytes[index]) || (97...122).contains(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func month() -> Int? {
        let name = word()
        return Self.months.firstIndex(of: name).map { $0 + 1 }
    }

    /// `2006-01-02`, optionally followed by a time and a zone, read by the shared RFC 3339
    /// parser; after a space separator the zone may also be Go's ` +0700` with an optional zone
    /// name after it.
    mutating func isoDateTime() -> PocketBaseDateTime? {
        let prefix = bytes.withUnsafeBufferPointer { RFC3339Timestamp.parsePrefix($0, grammar: Self.isoGrammar) }
        guard let (timestamp, end) = prefix, timestamp.second < 60 else { return nil }
        index = end
        if atEnd { return Self.make(timestamp, offset: timestamp.offsetSeconds ?? 0) }
        guard end > 10, bytes[10] == 0x20, timestamp.offsetSeconds == nil, take(" "),
            let offset = numericOffset()
        else { return nil }
        if take(" ") {
            guard !word().isEmpty else { return nil }
        }
        guard atEnd else { return nil }
        return Self.make(timestamp, offset: offset)
    }

    /// What PocketBase's ISO layouts accept beyond strict RFC 3339.
    private static let isoGrammar: RFC3339Timestamp.Grammar = [
        .spaceSeparator, .dateOnly, .missingZone, .compactOffset, .commaFraction,
    ]

    /// `15:04:05` with an optional fraction.
    mutating func clock() -> (Int, Int, Int, Int)? {
        guard let hour = number(width: 2), take(":"), let minute = number(width: 2), take(":"),
            let second = number(width: 2)
        else { return nil }
        var nanos = 0
        if take(".") || take(",") {
            var digits = 0
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                if digits < 9 { nanos = nanos * 10 + Int(bytes[index] - 48) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 9) { nanos *= 10 }
        }
        return (hour, minute, second, nanos)
    }

    /// `+07:00` or `+0700`, read by the shared RFC 3339 parser.
    mutating func numericOffset() -> Int? {
        let start = index
        let parsed = bytes.withUnsafeBufferPointer {
            RFC3339Timestamp.parseOffset($0, at: start, grammar: .compactOffset)
        }
        guard let (seconds, end) = parsed else { return nil }
        index = end
        return seconds
    }

    /// `02 Jan 2006`.
    mutating func dayMonthYear() -> PocketBaseDateTime? {
        guard let day = number(width: 2), take(" "), let month = month(), take(" "), let year = number(width: 4), atEnd
        else { return nil }
        return Self.make(year, month, day, 0, 0, 0, 0, offset: 0)
    }

    /// `Mon, 02 Jan 2006 15:04:05 -0700` or `… GMT`.
    mutating func rfc1123() -> PocketBaseDateTime? {
        guard word().count == 3, take(","), take(" "), let day = number(width: 2), take(" "), let month = month(),
            take(" "), let year = number(width: 4), take(" "), let (hour, minute, second, nanos) = clock(), take(" ")
        else { return nil }
        let offset: Int
        if let numeric = numericOffset() {
            offset = numeric
        } else {
            guard ["GMT", "UTC"].contains(word()) else { return nil }
            offset = 0
        }
        guard atEnd else { return nil }
        return Self.make(year, month, day, hour, minute, second, nanos, offset: offset)
    }

    private static func make(_ timestamp: RFC3339Timestamp, offset: Int) -> PocketBaseDateTime? {
        make(
            timestamp.date.year, timestamp.date.month, timestamp.date.day, timestamp.hour, timestamp.minute,
            timestamp.second, timestamp.nanosecond, offset: offset)
    }

    private static func make(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, _ nanos: Int, offset: Int
    ) -> PocketBaseDateTime? {
        guard CivilDate(year: year, month: month, day: day).isValid, hour < 24, minute < 60, second < 60
        else { return nil }
        let local = PocketBaseDateTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanos)
        return PocketBaseDateTime(seconds: local.seconds - Int64(offset), nanoseconds: Int64(local.nanoseconds))
    }
}
