import Testing
import TreatyCalendar

@Suite struct RFC3339TimestampTests {
    @Test(
        "strict RFC 3339 reads to the millisecond, the offset applied and the fraction truncated",
        arguments: [
            ("2025-01-01T09:00:00Z", 1_735_722_000_000),
            ("2025-01-01T09:00:00.089Z", 1_735_722_000_089),
            ("2025-01-01T09:00:00.0899999Z", 1_735_722_000_089),
            ("2025-01-01T10:00:00.5+01:00", 1_735_722_000_500),
            ("2025-01-01T08:30:00-00:30", 1_735_722_000_000),
            ("1969-12-31T23:59:59.999Z", -1),
            ("2016-12-31T23:59:60Z", 1_483_228_800_000),
        ] as [(String, Int64)])
    func strict(text: String, milliseconds: Int64) throws {
        let timestamp = try #require(RFC3339Timestamp.parse(text))
        #expect(timestamp.millisecondsSinceEpoch == milliseconds)
    }

    @Test(
        "strict RFC 3339 refuses what it does not define",
        arguments: [
            "", "2025-01-01", "2025-01-01T09:00:00", "2025-01-01 09:00:00Z", "2025-01-01t09:00:00z",
            "2025-02-30T09:00:00Z", "2025-13-01T09:00:00Z", "2025-01-01T24:00:00Z", "2025-01-01T09:60:00Z",
            "2025-01-01T09:00:61Z", "2025-01-01T09:00:00.Z", "2025-01-01T09:00:00+0100", "2025-01-01T09:00:00+24:00",
            "2025-1-01T09:00:00Z", " 2025-01-01T09:00:00Z", "2025-01-01T09:00:00Z ", "2025-01-01T09:00:00,5Z",
        ])
    func strictRefuses(text: String) {
        #expect(RFC3339Timestamp.parse(text) == nil)
    }

    @Test("a grammar adds the relatives a reader accepts")
    func grammar() throws {
        #expect(RFC3339Timestamp.parse("2025-01-01t09:00:00z", grammar: .lowercase)?.offsetSeconds == 0)
        #expect(RFC3339Timestamp.parse("2025-01-01 09:00:00Z", grammar: .spaceSeparator) != nil)
        #expect(RFC3339Timestamp.parse("2025-01-01T09:00:00+0100", grammar: .compactOffset)?.offsetSeconds == 3_600)
        #expect(RFC3339Timestamp.parse("2025-01-01T09:00:00,5Z", grammar: .commaFraction)?.nanosecond == 500_000_000)
        let bare = try #require(RFC3339Timestamp.parse("2025-01-01T09:00:00", grammar: .missingZone))
        #expect(bare.offsetSeconds == nil)
        #expect(bare.millisecondsSinceEpoch == 1_735_722_000_000)
        let day = try #require(RFC3339Timestamp.parse("2025-01-01", grammar: .dateOnly))
        #expect(day.millisecondsSinceEpoch == 1_735_689_600_000)
        #expect(RFC3339Timestamp.parse("2025-01-01T", grammar: .dateOnly) == nil)
    }

    @Test("a time without seconds reads as second 0 and takes no fraction")
    func omittedSeconds() throws {
        let minute = try #require(RFC3339Timestamp.parse("2025-01-01T09:00Z", grammar: .omittedSeconds))
        #expect(minute.millisecondsSinceEpoch == 1_735_722_000_000)
        #expect(RFC3339Timestamp.parse("2025-01-01T09:00Z") == nil)
        #expect(RFC3339Timestamp.parse("2025-01-01T09:00.5Z", grammar: .omittedSeconds) == nil)
        #expect(RFC3339Timestamp.parse("2025-01-01T09:00:5Z", grammar: .omittedSeconds) == nil)
        #expect(RFC3339Timestamp.parse("2025-01-01T09:00:07Z", grammar: .omittedSeconds)?.second == 7)
    }

    @Test("an offset of hours alone reads where the grammar allows it")
    func hourOffset() {
        #expect(RFC3339Timestamp.parse("2025-01-01T10:00:00+01", grammar: .hourOffset)?.offsetSeconds == 3_600)
        #expect(RFC3339Timestamp.parse("2025-01-01T10:00:00+01:30", grammar: .hourOffset)?.offsetSeconds == 5_400)
        let compact = RFC3339Timestamp.parse("2025-01-01T10:00:00-0130", grammar: [.hourOffset, .compactOffset])
        #expect(compact?.offsetSeconds == -5_400)
        #expect(RFC3339Timestamp.parse("2025-01-01T10:00:00+01") == nil)
        #expect(RFC3339Timestamp.parse("2025-01-01T10:00:00+1", grammar: .hourOffset) == nil)
    }

    @Test("nanoseconds keep nine digits and drop the rest")
    func nanoseconds() {
        #expect(RFC3339Timestamp.parse("2025-01-01T09:00:00.123456789123Z")?.nanosecond == 123_456_789)
        #expect(RFC3339Timestamp.parse("2025-01-01T09:00:00.1Z")?.nanosecond == 100_000_000)
    }

    @Test("a prefix parse stops where the timestamp ends, and an offset reads on its own")
    func prefix() throws {
        let text = Array("2025-01-01 09:00:00 +0100 CET".utf8)
        try text.withUnsafeBufferPointer { bytes in
            let (timestamp, end) = try #require(
                RFC3339Timestamp.parsePrefix(bytes, grammar: [.spaceSeparator, .missingZone]))
            #expect(end == 19)
            #expect(timestamp.hour == 9)
            let (offset, offsetEnd) = try #require(
                RFC3339Timestamp.parseOffset(bytes, at: 20, grammar: .compactOffset))
            #expect(offset == 3_600)
            #expect(offsetEnd == 25)
            #expect(RFC3339Timestamp.parseOffset(bytes, at: 20) == nil)
        }
    }
}
