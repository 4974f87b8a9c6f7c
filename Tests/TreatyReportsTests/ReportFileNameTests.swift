import Foundation
import Testing

@testable import TreatyReports

@Suite struct ReportFileNameTests {
    static func suite(_ name: String, file: String? = nil) -> TestSuiteReport {
        TestSuiteReport(
            name: name, file: file, hostname: "h", timestamp: SampleReports.start,
            cases: [TestCaseReport(name: "n", classname: "c")])
    }

    @Test(
        "names are reduced to [A-Za-z0-9._-]",
        arguments: [
            ("WebApp-OrderService", "WebApp-OrderService"),
            ("Web App/Orders: v2", "Web_App_Orders__v2"),
            ("Café ✓", "Caf___"),
            ("", "unnamed"),
            ("../../etc", ".._.._etc"),
        ])
    func reduce(name: String, expected: String) {
        #expect(ReportFileName.reduce(name) == expected)
    }

    @Test("long names are cut to 100 characters")
    func longNames() {
        #expect(ReportFileName.reduce(String(repeating: "a", count: 300)).count == 100)
    }

    @Test("colliding reductions get a short hash; the others do not")
    func collisions() {
        let suites = [Self.suite("a/b"), Self.suite("a:b"), Self.suite("A_B"), Self.suite("c")]
        let names = ReportFileName.names(for: suites, suffix: nil)
        #expect(names[3] == "TEST-c.xml")
        #expect(Set(names).count == 4)
        for (name, stem) in zip(names.prefix(3), ["a_b", "a_b", "A_B"]) {
            #expect(name.hasPrefix("TEST-\(stem)-") && name.hasSuffix(".xml"))
            #expect(name.count == "TEST-\(stem)-12345678.xml".count)
        }
        #expect(names[0] == "TEST-a_b-\(ReportFileName.hash(of: suites[0])).xml")
        // The hash depends on the suite, not on what else is in the run.
        #expect(ReportFileName.names(for: [suites[1], suites[0]], suffix: nil) == [names[1], names[0]])
    }

    @Test("identical suites are numbered after the hash")
    func identical() {
        let names = ReportFileName.names(
            for: [Self.suite("x", file: "f"), Self.suite("x", file: "f")], suffix: "linux")
        let hash = ReportFileName.hash(of: Self.suite("x", file: "f"))
        #expect(names == ["TEST-x-\(hash)-linux.xml", "TEST-x-\(hash)-2-linux.xml"])
    }

    @Test("writeSuites writes one TEST-*.xml per suite, with a shard suffix")
    func writeSuites() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try JUnitWriter().writeSuites(
            SampleReports.verification, toDirectory: directory + "/out",
            suffix: "shard 2")
        #expect(
            paths == [
                directory + "/out/TEST-Admin.Console-Catalog-shard_2.xml",
                directory + "/out/TEST-WebApp-OrderService-shard_2.xml",
            ])
        let reader = JUnitReader()
        let validator = try JUnitSchemaValidator(schemaPath: TestSupport.schema("junit-report.xsd"))
        for (path, suite) in zip(paths, JUnitReaderTests.canonicalSample.suites) {
            let report = try reader.read(contentsOf: path)
            #expect(report.suites == [suite])
            #expect(try validator.validate(contentsOf: path) == [])
            #expect(try String(contentsOfFile: path, encoding: .utf8).contains(" id=\"0\" "))
        }
    }
}
