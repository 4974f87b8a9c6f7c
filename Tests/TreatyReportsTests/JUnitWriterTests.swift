import Foundation
import Testing

@testable import TreatyReports

@Suite struct JUnitWriterTests {
    @Test("the standard flavour matches its golden file")
    func standardGolden() throws {
        let document = try JUnitWriter(flavor: .standard).document(for: SampleReports.verification)
        try Snapshot.assert(document.text, named: "verification-standard.xml")
    }

    @Test("the strict Jenkins flavour matches its golden file")
    func strictGolden() throws {
        let document = try JUnitWriter(flavor: .strictJenkins).document(for: SampleReports.verification)
        try Snapshot.assert(document.text, named: "verification-strict-jenkins.xml")
    }

    @Test("the strict flavour drops what the xUnit plugin rejects and keeps the skip message as text")
    func strictDropsExtensions() throws {
        let text = try JUnitWriter(flavor: .strictJenkins).document(for: SampleReports.verification).text
        let root = try #require(text.split(separator: "\n").dropFirst().first)
        #expect(!root.contains("skipped=") && !root.contains("timestamp="))
        #expect(!text.contains(" file="))
        #expect(!text.contains(" line="))
        #expect(!text.contains(" assertions="))
        #expect(!text.contains("name=\"attachment\""))
        #expect(text.contains("<skipped>no state handler for &apos;open orders&apos;</skipped>"))
        #expect(!text.contains("<skipped message="))
    }

    @Test("the output is UTF-8 with LF line ends, 2-space indentation and a final newline")
    func layout() throws {
        let text = try JUnitWriter().document(for: SampleReports.verification).text
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "))
        #expect(text.hasSuffix("</testsuites>\n"))
        #expect(!text.contains("\r"))
        #expect(text.contains("\n  <testsuite name=\"Admin.Console-Catalog\""))
        #expect(text.contains("\n    <testcase name=\"GET /orders/42 returns the order\""))
    }

    @Test("suite order, ids and property order do not depend on the input order")
    func deterministicOrder() throws {
        var shuffled = SampleReports.verification
        shuffled.suites.reverse()
        shuffled.suites[1].properties.reverse()
        let writer = JUnitWriter()
        let expected = try writer.document(for: SampleReports.verification)
        #expect(try writer.document(for: shuffled) == expected)
        let text = expected.text
        let catalog = try #require(text.range(of: "name=\"Admin.Console-Catalog\""))
        let orders = try #require(text.range(of: "name=\"WebApp-OrderService\""))
        #expect(catalog.lowerBound < orders.lowerBound)
        #expect(text.contains("id=\"0\" package=\"contracts.Admin_Console\""))
        #expect(text.contains("id=\"1\" package=\"contracts.WebApp\""))
        let dialect = try #require(text.range(of: "name=\"dialect\""))
        let version = try #require(text.range(of: "name=\"provider.version\""))
        #expect(dialect.lowerBound < version.lowerBound)
    }

    @Test("test cases keep their given order, never sorted")
    func caseOrder() throws {
        var report = SampleReports.verification
        report.suites[0].cases.reverse()
        let text = try JUnitWriter().document(for: report).text
        let skipped = try #require(text.range(of: "GET /orders?status=open pages"))
        let get = try #require(text.range(of: "GET /orders/42 returns the order"))
        #expect(skipped.lowerBound < get.lowerBound)
    }

    @Test("counts are recounted from the cases and summed at the root")
    func counts() throws {
        let text = try JUnitWriter().document(for: SampleReports.verification).text
        #expect(
            text.contains(
                "<testsuites name=\"contract-verification\" tests=\"5\" failures=\"1\" errors=\"1\" skipped=\"2\" time=\"1.653\""
            ))
        #expect(
            text.contains(
                "<testsuite name=\"WebApp-OrderService\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\" time=\"0.412\""
            ))
        #expect(
            text.contains(
                "<testsuite name=\"Admin.Console-Catalog\" tests=\"2\" failures=\"0\" errors=\"1\" skipped=\"1\" time=\"1.241\""
            ))
    }

    @Test("an empty report is a <testsuites> root with zero counts")
    func emptyReport() throws {
        let report = TestReport(name: "contract-verification", timestamp: SampleReports.start, suites: [])
        let text = try JUnitWriter().document(for: report).text
        #expect(
            text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="contract-verification" tests="0" failures="0" errors="0" skipped="0" \
                time="0.000" timestamp="2025-03-01T10:15:30"/>

                """)
    }

    @Test("required attributes that would be blank get a placeholder, optional ones are left out")
    func blankAttributes() throws {
        let report = TestReport(
            name: " ", timestamp: SampleReports.start,
            suites: [
                TestSuiteReport(
                    name: "", package: "", file: "\n", hostname: "", timestamp: SampleReports.start,
                    cases: [
                        TestCaseReport(
                            name: "\t", classname: "", outcome: .failed(TestProblem(message: "", type: " ", detail: ""))
                        ),
                        TestCaseReport(
                            name: "b", classname: "c",
                            outcome: .errored(TestProblem(message: "\n", type: "T", detail: "d"))),
                        TestCaseReport(name: "c", classname: "c", outcome: .skipped(message: "  ")),
                    ])
            ])
        let text = try JUnitWriter().document(for: report).text
        #expect(text.contains("<testsuites tests=\"3\""))
        #expect(
            text.contains(
                "<testsuite name=\"(unnamed)\" tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"1\" time=\"0.000\" timestamp=\"2025-03-01T10:15:30\" id=\"0\">"
            ))
        #expect(text.contains("<testcase name=\"(unnamed)\" classname=\"(unnamed)\" time=\"0.000\">"))
        #expect(text.contains("<failure message=\"Failure\" type=\"Failure\"/>"))
        #expect(text.contains("<error message=\"T\" type=\"T\">d</error>"))
        #expect(text.contains("<skipped/>"))
    }

    @Test("long output is truncated on a character boundary with a note")
    func truncation() throws {
        let output = String(repeating: "é", count: 10)  // 20 UTF-8 bytes
        let report = TestReport(
            name: "r", timestamp: SampleReports.start,
            suites: [
                TestSuiteReport(
                    name: "s", hostname: "h", timestamp: SampleReports.start,
                    cases: [
                        TestCaseReport(name: "n", classname: "c", systemOut: output)
                    ])
            ])
        let text = try JUnitWriter(outputLimit: 5).document(for: report).text
        #expect(text.contains("<system-out>éé\n[truncated: 16 more bytes not shown]</system-out>"))
    }

    @Test("an attachment adds a system-out line and an attachment property")
    func attachment() throws {
        var testCase = TestCaseReport(name: "n", classname: "c", systemOut: "log line")
        testCase.addAttachment("reports/a.http")
        testCase.addAttachment("reports/b.http")
        #expect(testCase.systemOut == "log line\n[[ATTACHMENT|reports/a.http]]\n[[ATTACHMENT|reports/b.http]]")
        #expect(
            testCase.properties == [
                TestProperty(name: "attachment", value: "reports/a.http"),
                TestProperty(name: "attachment", value: "reports/b.http"),
            ])
    }
}
