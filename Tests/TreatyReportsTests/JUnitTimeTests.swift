import Foundation
import Testing

@testable import TreatyReports

@Suite struct JUnitTimeTests {
    @Test(
        "time is seconds with exactly three decimals, never negative",
        arguments: [
            (0, "0.000"), (1, "0.001"), (999, "0.999"), (1000, "1.000"), (1234567, "1234.567"),
            (-1, "0.000"), (-5000, "0.000"), (10, "0.010"), (100_000_000_000, "100000000.000"),
        ])
    func seconds(milliseconds: Int, expected: String) {
        #expect(JUnitTime.seconds(fromMilliseconds: milliseconds) == expected)
    }

    @Test("a case's negative duration is written as 0.000 and counts as 0 in the sums")
    func negativeInDocument() throws {
        let report = TestReport(
            name: "r", timestamp: SampleReports.start,
            suites: [
                TestSuiteReport(
                    name: "s", hostname: "h", timestamp: SampleReports.start,
                    cases: [
                        TestCaseReport(name: "a", classname: "c", durationMilliseconds: -250),
                        TestCaseReport(name: "b", classname: "c", durationMilliseconds: 5),
                    ])
            ])
        let text = try JUnitWriter().document(for: report).text
        #expect(text.contains("<testcase name=\"a\" classname=\"c\" time=\"0.000\"/>"))
        #expect(text.contains("tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\"0.005\" timestamp="))
        #expect(report.durationMilliseconds == 5)
    }

    @Test(
        "timestamps are UTC, second precision, without a zone",
        arguments: [
            (0.0, "1970-01-01T00:00:00"),
            (1_740_824_130.999, "2025-03-01T10:15:30"),
            (951_782_400, "2000-02-29T00:00:00"),
            (-1, "1969-12-31T23:59:59"),
            (-1e15, "0001-01-01T00:00:00"),
            (1e15, "9999-12-31T23:59:59"),
        ])
    func timestamp(seconds: Double, expected: String) {
        #expect(JUnitTime.timestamp(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test(
        "timestamps from other tools are read leniently",
        arguments: [
            ("2025-03-01T10:15:30", 1_740_824_130.0),
            ("2025-03-01T10:15:30Z", 1_740_824_130.0),
            ("2025-03-01T10:15:30.250Z", 1_740_824_130.25),
            ("2025-03-01T11:15:30+01:00", 1_740_824_130.0),
            ("2025-03-01T05:15:30-0500", 1_740_824_130.0),
            ("2025-03-01 10:15:30", 1_740_824_130.0),
        ])
    func parsesTimestamp(text: String, seconds: Double) {
        #expect(JUnitTime.date(fromTimestamp: text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(
        "unreadable timestamps are nil",
        arguments: [
            "", "yesterday", "2025-02-30T00:00:00", "2025-13-01T00:00:00", "2025-03-01T10:15:30+5", "2025-03-01T10:15",
        ])
    func rejectsTimestamp(text: String) {
        #expect(JUnitTime.date(fromTimestamp: text) == nil)
    }

    @Test(
        "time attributes from other tools are read leniently",
        arguments: [
            ("0.412", 412), ("1", 1000), ("1e-05", 0), ("1.5e2", 150_000), ("1,234.5", 1_234_500),
            ("-3", 0), ("abc", 0), ("", 0), ("nan", 0), ("0.0006", 1),
        ])
    func parsesTime(text: String, milliseconds: Int) {
        #expect(JUnitTime.milliseconds(fromSeconds: text) == milliseconds)
    }
}
