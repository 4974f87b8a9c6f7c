import Testing
import TreatyCalendar

@Suite struct CivilDateTimeTests {
    @Test(
        "instants are written in each backend's form",
        arguments: [
            (1_735_722_000_089, "2025-01-01T09:00:00.089Z", "2025-01-01 09:00:00.089Z", "2025-01-01T09:00:00"),
            (0, "1970-01-01T00:00:00.000Z", "1970-01-01 00:00:00.000Z", "1970-01-01T00:00:00"),
            (-1, "1969-12-31T23:59:59.999Z", "1969-12-31 23:59:59.999Z", "1969-12-31T23:59:59"),
            (253_402_300_800_000, "10000-01-01T00:00:00.000Z", "10000-01-01 00:00:00.000Z", "10000-01-01T00:00:00"),
            (-62_198_755_200_000, "-0001-01-01T00:00:00.000Z", "-0001-01-01 00:00:00.000Z", "-0001-01-01T00:00:00"),
        ] as [(Int64, String, String, String)])
    func text(milliseconds: Int64, restSync: String, pocketBase: String, junit: String) {
        let instant = CivilDateTime(millisecondsSinceEpoch: milliseconds)
        #expect(instant.text() == restSync)
        #expect(instant.text(separator: " ") == pocketBase)
        #expect(instant.text(fractionDigits: 0, zone: "") == junit)
        #expect(instant.millisecondsSinceEpoch == milliseconds)
    }

    @Test("the time of day is split into its fields")
    func fields() {
        let instant = CivilDateTime(millisecondsSinceEpoch: 1_735_722_000_089 + 3_723_004)
        #expect((instant.hour, instant.minute, instant.second, instant.millisecond) == (10, 2, 3, 93))
        #expect(instant.date == CivilDate(year: 2025, month: 1, day: 1))
    }
}
