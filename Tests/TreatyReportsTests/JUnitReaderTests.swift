import Foundation
import Testing

@testable import TreatyReports

@Suite struct JUnitReaderTests {
    /// The sample report as the reader gives it back: suites in the writer's order, properties
    /// sorted by name.
    static var canonicalSample: TestReport {
        var report = SampleReports.verification
        report.suites = report.orderedSuites
        for index in report.suites.indices {
            report.suites[index].properties = report.suites[index].properties.sortedByName
            for caseIndex in report.suites[index].cases.indices {
                report.suites[index].cases[caseIndex].properties =
                    report.suites[index].cases[caseIndex].properties.sortedByName
            }
        }
        return report
    }

    @Test("write, then read, gives the same report")
    func roundTrip() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/nested/dir/TEST-contract-verification.xml"
        try JUnitWriter().write(SampleReports.verification, to: path)
        let read = try JUnitReader().read(contentsOf: path)
        #expect(read == Self.canonicalSample)
    }

    @Test("the strict flavour reads back with the skip message from <skipped>'s text")
    func strictRoundTrip() throws {
        let bytes = try JUnitWriter(flavor: .strictJenkins).document(for: SampleReports.verification)
        let read = try JUnitReader().read(bytes: bytes, source: "strict.xml")
        let orders = try #require(read.suites.last)
        #expect(orders.cases[2].outcome == .skipped(message: "no state handler for 'open orders'"))
        #expect(orders.cases[2].file == nil && orders.cases[2].line == nil)
        #expect(orders.file == nil)
        #expect(read.tests == 5 && read.failures == 1 && read.errors == 1 && read.skipped == 2)
    }

    @Test("writing over an existing file replaces it and leaves no temporary files")
    func atomicReplace() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/TEST-r.xml"
        try JUnitWriter().write(TestReport(name: "old", timestamp: SampleReports.start, suites: []), to: path)
        try JUnitWriter().write(SampleReports.verification, to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["TEST-r.xml"])
        #expect(try JUnitReader().read(contentsOf: path).name == "contract-verification")
    }

    @Test("a bare <testsuite> root with few attributes is read, and counts are recounted")
    func bareTestsuite() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="pytest" tests="99" failures="42">
              <testcase name="ok" classname="t.A" time="1,234.5"/>
              <testcase name="bad"><failure>boom
            trace line</failure><system-out>one</system-out><system-out>two</system-out></testcase>
              <testcase name="later"><skipped>not today</skipped></testcase>
              <testcase name="err"><error message="m" type="E"/><failure message="ignored"/></testcase>
            </testsuite>
            """
        let report = try JUnitReader().read(bytes: Array(xml.utf8), source: "pytest.xml")
        #expect(report.name == "pytest")
        #expect(report.timestamp == Date(timeIntervalSince1970: 0))
        let suite = try #require(report.suites.first)
        #expect(report.suites.count == 1)
        #expect(suite.hostname == "" && suite.package == nil && suite.file == nil)
        #expect((suite.tests, suite.failures, suite.errors, suite.skipped) == (4, 1, 1, 1))
        #expect(suite.cases[0] == TestCaseReport(name: "ok", classname: "t.A", durationMilliseconds: 1_234_500))
        #expect(suite.cases[1].classname == "")
        #expect(suite.cases[1].outcome == .failed(TestProblem(message: "boom", type: "", detail: "boom\ntrace line")))
        #expect(suite.cases[1].systemOut == "one\ntwo")
        #expect(suite.cases[2].outcome == .skipped(message: "not today"))
        #expect(suite.cases[3].outcome == .errored(TestProblem(message: "m", type: "E", detail: "")))
    }

    @Test("nested suites are flattened and inherit the root timestamp")
    func nestedSuites() throws {
        let xml = """
            <testsuites timestamp="2025-03-01T10:15:30Z">
              <testsuite name="outer" timestamp="2025-03-01T10:15:31"><testcase name="a"/>
                <testsuite name="inner"><testcase name="b"/></testsuite>
              </testsuite>
              <other/>
            </testsuites>
            """
        let report = try JUnitReader().read(bytes: Array(xml.utf8), source: "nested.xml")
        #expect(report.suites.map(\.name) == ["outer", "inner"])
        #expect(report.timestamp == SampleReports.start)
        #expect(report.suites[0].timestamp == SampleReports.start.addingTimeInterval(1))
        #expect(report.suites[1].timestamp == SampleReports.start)
        #expect(report.tests == 2)
    }

    @Test(
        "inputs that are not JUnit reports are refused with a located, fixable error",
        arguments: [
            (
                "<?xml version=\"1.0\"?>\n\n<foo/>",
                "Reports/a.xml:3: not a JUnit report: root element is <foo>, expected <testsuites> or <testsuite>\n"
                    + "  fix: pass JUnit XML files, such as the TEST-*.xml files `treaty verify` writes"
            ),
            (
                "",
                "Reports/a.xml: not XML: the file is empty\n"
                    + "  fix: pass JUnit XML files, such as the TEST-*.xml files `treaty verify` writes"
            ),
            (
                "{\"tests\": 1}",
                "Reports/a.xml:1: not XML: Start tag expected, '<' not found\n"
                    + "  fix: pass JUnit XML files, such as the TEST-*.xml files `treaty verify` writes"
            ),
            (
                "<testsuites>\n<testsuite name=\"x\">\n</testsuites>",
                "Reports/a.xml:3: not XML: Opening and ending tag mismatch: testsuite line 2 and testsuites\n"
                    + "  fix: pass JUnit XML files, such as the TEST-*.xml files `treaty verify` writes"
            ),
        ])
    func badInput(xml: String, message: String) throws {
        let error = try #require(throws: ReportError.self) {
            try JUnitReader().read(bytes: Array(xml.utf8), source: "Reports/a.xml")
        }
        #expect(error.description == message)
    }

    @Test(
        "an XXE attempt is refused and never reads the local file",
        arguments: [
            """
            <?xml version="1.0"?>
            <!DOCTYPE testsuites [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <testsuites><testsuite name="&xxe;"><testcase name="&xxe;"/></testsuite></testsuites>
            """,
            """
            <?xml version="1.0"?>
            <!DOCTYPE testsuites SYSTEM "file:///etc/passwd">
            <testsuites/>
            """,
            """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <testsuites name="&lol2;"/>
            """,
        ])
    func xxe(xml: String) throws {
        let error = try #require(throws: ReportError.self) {
            try JUnitReader().read(bytes: Array(xml.utf8), source: "evil.xml")
        }
        #expect(
            error.description == """
                evil.xml:2: refusing a report with a <!DOCTYPE>: its entities could read local files (XXE)
                  fix: remove the <!DOCTYPE …> declaration; JUnit reports never need one
                """)
        #expect(!error.description.contains("root:"))
    }

    @Test("inputs over the size limit are refused before parsing")
    func tooLarge() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/big.xml"
        try JUnitWriter().write(SampleReports.verification, to: path)
        let reader = JUnitReader(maximumBytes: 100)
        let error = try #require(throws: ReportError.self) { try reader.read(contentsOf: path) }
        #expect(error.description.hasPrefix("\(path): report is "))
        #expect(error.description.contains("bytes, more than the limit of 100 bytes"))
        #expect(throws: ReportError.self) { try reader.read(bytes: Array(repeating: 32, count: 101), source: "m") }
    }

    @Test("absurdly deep nesting is an error, not a crash")
    func deepNesting() throws {
        let xml =
            "<testsuites>" + String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
            + "</testsuites>"
        let error = try #require(throws: ReportError.self) {
            try JUnitReader().read(bytes: Array(xml.utf8), source: "deep.xml")
        }
        #expect(error.description.hasPrefix("deep.xml:1: not XML: "))
    }

    @Test("a missing file is a ReportError naming it")
    func missingFile() throws {
        let error = try #require(throws: ReportError.self) {
            try JUnitReader().read(contentsOf: "/nonexistent/TEST-x.xml")
        }
        #expect(
            error.description == "/nonexistent/TEST-x.xml: cannot read the file: no such file\n"
                + "  fix: check the path and its permissions")
    }
}
