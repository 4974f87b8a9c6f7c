import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

@Suite struct DateTextTests {
    @Test(
        "date texts read at millisecond precision",
        arguments: [
            ("1970-01-01", 0 as Int64?),
            ("2025-03-04 05:06:07.089Z", 1_741_064_767_089),
            ("2025-03-04T05:06:07.089Z", 1_741_064_767_089),
            ("2025-03-04t05:06:07.089z", 1_741_064_767_089),
            ("2025-03-04T07:06:07.089+02:00", 1_741_064_767_089),
            ("2025-03-04T04:36:07.089-0030", 1_741_064_767_089),
            ("2025-03-04T05:06:07.0885Z", 1_741_064_767_089),
            ("2025-03-04T05:06:07.08849Z", 1_741_064_767_088),
            ("2025-03-04T05:06:07.9Z", 1_741_064_767_900),
            ("2025-03-04T05:06Z", 1_741_064_760_000),
            ("2025-03-04 05:06:07", 1_741_064_767_000),
            ("1969-12-31T23:59:59.999Z", -1),
            ("2024-02-29", 1_709_164_800_000),
            ("2025-02-29", nil),
            ("2025-13-01", nil),
            ("2025-03-04T25:00Z", nil),
            ("2025-03-04T05:06:07.Z", nil),
            ("2025-03-04T05:06:07ZZ", nil),
            ("", nil),
            ("yesterday", nil),
        ])
    func read(text: String, expected: Int64?) {
        #expect(DateText.milliseconds(text) == expected)
    }

    @Test("dates write in RFC 3339, with a T or a space")
    func write() {
        #expect(DateText.iso8601(1_741_064_767_089, separator: " ") == "2025-03-04 05:06:07.089Z")
        #expect(DateText.iso8601(0) == "1970-01-01T00:00:00.000Z")
        #expect(DateText.iso8601(-1) == "1969-12-31T23:59:59.999Z")
    }

    @Test(
        "macros resolve against the injected clock, in UTC",
        arguments: [
            (DateMacro.now, "2025-03-04 05:06:07.089Z"),
            (.yesterday, "2025-03-03 05:06:07.089Z"),
            (.tomorrow, "2025-03-05 05:06:07.089Z"),
            (.todayStart, "2025-03-04 00:00:00.000Z"),
            (.todayEnd, "2025-03-04 23:59:59.999Z"),
            (.monthStart, "2025-03-01 00:00:00.000Z"),
            (.monthEnd, "2025-03-31 23:59:59.999Z"),
            (.yearStart, "2025-01-01 00:00:00.000Z"),
            (.yearEnd, "2025-12-31 23:59:59.999Z"),
        ])
    func dateMacros(macro: DateMacro, expected: String) {
        #expect(macro.isDate)
        #expect(DateText.iso8601(macro.value(now: Blog.environment.now), separator: " ") == expected)
    }

    @Test(
        "calendar macros are integers",
        arguments: [
            (DateMacro.second, 7 as Int64), (.minute, 6), (.hour, 5), (.weekday, 2), (.day, 4), (.month, 3),
            (.year, 2025),
        ])
    func numberMacros(macro: DateMacro, expected: Int64) {
        #expect(!macro.isDate)
        #expect(macro.value(now: Blog.environment.now) == expected)
    }

    @Test("December's month end rolls into the next year")
    func december() throws {
        let now = try #require(DateText.milliseconds("2024-12-15T10:00:00Z"))
        #expect(DateText.iso8601(DateMacro.monthEnd.value(now: now), separator: " ") == "2024-12-31 23:59:59.999Z")
    }

    @Test("a compiled query re-reads the clock at each evaluation")
    func clock() throws {
        let query = try Query("posts", where: .cond(Condition("published", .lt, .macro(.now)))).compiled(
            with: Blog.schema)
        let early = QueryEnvironment(now: try #require(DateText.milliseconds("2025-01-01T00:00:00Z")))
        #expect(try query.findIDs(in: Blog.data(), environment: early) == ["p5"])
        #expect(try query.findIDs(in: Blog.data(), environment: Blog.environment) == ["p1", "p2", "p5"])
    }
}
