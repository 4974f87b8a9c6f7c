import Testing
import TreatyDialect

@Suite struct TimestampTextTests {
    @Test("timestamps parse with or without a fraction or offset and format in UTC with milliseconds", arguments: [
        ("2025-01-01T09:00:00.000Z", "2025-01-01T09:00:00.000Z"),
        ("2025-01-01T09:00:00Z", "2025-01-01T09:00:00.000Z"),
        ("2025-01-01T10:00:00.5+01:00", "2025-01-01T09:00:00.500Z"),
        ("2024-02-29T23:59:59.999Z", "2024-02-29T23:59:59.999Z"),
        ("1969-12-31T23:59:59.000Z", "1969-12-31T23:59:59.000Z"),
    ])
    func roundTrip(text: String, formatted: String) throws {
        let ms = try #require(TimestampText.milliseconds(text))
        #expect(TimestampText.format(ms) == formatted)
    }

    @Test("non-timestamps are nil", arguments: ["", "2025-01-01", "2025-13-01T00:00:00Z", "2025-01-01T00:00:00", "yesterday"])
    func invalid(text: String) {
        #expect(TimestampText.milliseconds(text) == nil)
    }

    @Test("the seeded generator mints the same lower-case v4 UUIDs for the same seed")
    func seededIDs() {
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        let first = a.uuid()
        #expect(first == b.uuid())
        #expect(first == first.lowercased() && first.count == 36 && Array(first)[14] == "4")
    }
}
