import Testing

@testable import TreatyPocketBase

@Suite struct DateTimeTests {
    @Test("the stored form has milliseconds, truncated, and a Z")
    func storedForm() {
        let date = PocketBaseDateTime(
            year: 2025, month: 3, day: 4, hour: 5, minute: 6, second: 7, nanosecond: 89_999_999)
        #expect(date.description == "2025-03-04 05:06:07.089Z")
        #expect(
            PocketBaseDateTime(parsing: date.description)
                == PocketBaseDateTime(
                    year: 2025, month: 3, day: 4, hour: 5, minute: 6, second: 7, nanosecond: 89_000_000))
    }

    @Test("Go's zero time is written as an empty string")
    func zero() {
        #expect(PocketBaseDateTime.goZero.description == "")
        #expect(PocketBaseDateTime(parsing: "0001-01-01 00:00:00.000Z")?.isZero == true)
    }

    @Test(
        "dates before 1970 and in leap years convert correctly",
        arguments: [
            (PocketBaseDateTime(seconds: 0), "1970-01-01 00:00:00.000Z"),
            (PocketBaseDateTime(seconds: -1), "1969-12-31 23:59:59.000Z"),
            (PocketBaseDateTime(seconds: 951_782_400), "2000-02-29 00:00:00.000Z"),
            (PocketBaseDateTime(seconds: 1_709_164_800, nanoseconds: 1_500_000_000), "2024-02-29 00:00:01.500Z"),
            (PocketBaseDateTime(seconds: 0, nanoseconds: -1), "1969-12-31 23:59:59.999Z"),
        ])
    func calendar(date: PocketBaseDateTime, text: String) {
        #expect(date.description == text)
    }

    @Test(
        "invalid dates and partial forms are refused",
        arguments: [
            "2024-02-30", "2023-02-29", "2024-13-01", "2024-01-01 24:00:00", "2024-01-01 23:60:00", "2024-01-01T10:00",
            " 2024-01-01", "2024-01-01 ", "2024-01-01Z", "2024-01-01T10:00:00 +02:00", "",
        ])
    func refused(text: String) {
        #expect(PocketBaseDateTime(parsing: text) == nil)
    }

    @Test("range messages quote Go's time format and RFC 3339")
    func goForms() {
        let date = PocketBaseDateTime(year: 2020, month: 1, day: 1, nanosecond: 500_000_000)
        #expect(date.goDescription == "2020-01-01 00:00:00.5 +0000 UTC")
        #expect(date.rfc3339 == "2020-01-01T00:00:00.5Z")
        #expect(PocketBaseDateTime(year: 2020, month: 1, day: 1).goDescription == "2020-01-01 00:00:00 +0000 UTC")
    }

    @Test("instants compare by time, whatever zone they were written in")
    func ordering() throws {
        let utc = try #require(PocketBaseDateTime(parsing: "2024-05-06 05:08:09Z"))
        let offset = try #require(PocketBaseDateTime(parsing: "2024-05-06T07:08:09+02:00"))
        #expect(utc == offset)
        #expect(try #require(PocketBaseDateTime(parsing: "2024-05-06 05:08:08.999Z")) < utc)
    }

    @Test(
        "Go's time.String form, a bare date and a comma fraction are accepted",
        arguments: [
            ("2024-05-06 07:08:09.5 +0200 CEST", "2024-05-06 05:08:09.500Z"),
            ("2024-05-06 05:08:09 +00:00", "2024-05-06 05:08:09.000Z"),
            ("2024-05-06", "2024-05-06 00:00:00.000Z"),
            ("2024-05-06T05:08:09,25", "2024-05-06 05:08:09.250Z"),
            ("Mon, 06 May 2024 07:08:09 +0200", "2024-05-06 05:08:09.000Z"),
        ])
    func accepted(text: String, stored: String) {
        #expect(PocketBaseDateTime(parsing: text)?.description == stored)
    }

    @Test("a bare date followed by an offset and a leap second are refused")
    func refusedRelatives() {
        #expect(PocketBaseDateTime(parsing: "2024-05-06 +0200") == nil)
        #expect(PocketBaseDateTime(parsing: "2016-12-31T23:59:60Z") == nil)
    }
}
