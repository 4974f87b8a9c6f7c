import Foundation
import Testing

@testable import TreatyReports

@Suite struct JUnitSchemaTests {
    /// Which schemas each flavour must satisfy (junit.md, "Validate").
    static let cases: [(JUnitFlavor, String)] = [
        (.standard, "junit-report.xsd"),
        (.strictJenkins, "junit-jenkins.xsd"),
        (.strictJenkins, "junit-xunit-plugin-10.xsd"),
    ]

    /// The sample report plus every escaping hazard, so validation covers sanitized text too.
    static var hazardousReport: TestReport {
        var report = SampleReports.verification
        report.suites[0].cases.append(
            TestCaseReport(
                name: "hazards \u{1B}[31mred\u{1B}[0m \u{0} \u{FFFE} ]]> \"'<&>",
                classname: "contracts.A.B",
                durationMilliseconds: -40,
                outcome: .failed(
                    TestProblem(
                        message: "line one\nline two\r\n", type: "Body\nMismatch",
                        detail: "]]> \u{7} \u{1B}[1mbold\u{1B}[0m")),
                systemOut: "\u{0}]]>",
                properties: [TestProperty(name: "multi", value: "a\tb\nc\rd")]
            ))
        return report
    }

    @Test("written reports validate with JUnitSchemaValidator", arguments: cases)
    func validatesInProcess(flavor: JUnitFlavor, schema: String) throws {
        let validator = try JUnitSchemaValidator(schemaPath: TestSupport.schema(schema))
        for report in [SampleReports.verification, Self.hazardousReport] {
            let problems = try validator.validate(bytes: JUnitWriter(flavor: flavor).document(for: report))
            #expect(problems == [])
        }
    }

    @Test(
        "written reports validate with xmllint --schema", .enabled(if: TestSupport.executable("xmllint") != nil),
        arguments: cases)
    func validatesWithXmllint(flavor: JUnitFlavor, schema: String) throws {
        let xmllint = try #require(TestSupport.executable("xmllint"))
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/TEST-hazards.xml"
        try JUnitWriter(flavor: flavor).write(Self.hazardousReport, to: path)
        let result = try TestSupport.run(xmllint, ["--noout", "--schema", TestSupport.schema(schema), path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("validates"))
    }

    @Test("the standard flavour is rejected by the xUnit schema, so validation is not a no-op")
    func standardFailsXunit() throws {
        let validator = try JUnitSchemaValidator(schemaPath: TestSupport.schema("junit-xunit-plugin-10.xsd"))
        let problems = try validator.validate(
            bytes: JUnitWriter(flavor: .standard).document(for: SampleReports.verification))
        #expect(
            problems.first
                == "<memory>:2: Element 'testsuites', attribute 'skipped': The attribute 'skipped' is not allowed.")
        #expect(problems.contains { $0.contains("attribute 'line': The attribute 'line' is not allowed.") })
    }

    @Test("validating a file reports problems with its path and line")
    func validatesFile() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/bad.xml"
        try Data(
            """
            <?xml version="1.0"?>
            <testsuites tests="1" failures="0" errors="0" skipped="0" time="1e-05">
            </testsuites>
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        let validator = try JUnitSchemaValidator(schemaPath: TestSupport.schema("junit-report.xsd"))
        let problems = try validator.validate(contentsOf: path)
        #expect(problems.count == 1)
        #expect(
            problems.first?.hasPrefix("\(path):2: Element 'testsuites', attribute 'time': [facet 'pattern']") == true)
    }

    @Test("a document that is not XML is one problem, not a crash")
    func notXML() throws {
        let validator = try JUnitSchemaValidator(schemaPath: TestSupport.schema("junit-report.xsd"))
        let problems = try validator.validate(bytes: Array("<testsuites>".utf8))
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("<memory>:1: not XML: ") == true)
    }

    @Test("a missing or broken schema is a ReportError")
    func badSchema() throws {
        let missing = TestSupport.testsDirectory + "/Schemas/missing.xsd"
        let missingError = try #require(throws: ReportError.self) { try JUnitSchemaValidator(schemaPath: missing) }
        #expect(missingError.description.hasPrefix("\(missing): cannot read the file: no such file"))
        let notSchema = TestSupport.testsDirectory + "/Snapshots/verification-standard.xml"
        let error = try #require(throws: ReportError.self) { try JUnitSchemaValidator(schemaPath: notSchema) }
        #expect(error.description.hasPrefix("\(notSchema): cannot use the schema: "))
        #expect(error.description.contains("fix: pass one of the .xsd files from the schemas folder"))
    }

    @Test("one validator can be used from many tasks at once")
    func concurrentUse() async throws {
        let validator = try JUnitSchemaValidator(schemaPath: TestSupport.schema("junit-report.xsd"))
        let document = try JUnitWriter().document(for: SampleReports.verification)
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<16 { group.addTask { try validator.validate(bytes: document) } }
            return try await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: [], count: 16))
    }
}
