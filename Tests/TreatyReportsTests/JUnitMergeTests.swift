import Foundation
import Testing

@testable import TreatyReports

@Suite struct JUnitMergeTests {
    static func suite(_ name: String, file: String?, host: String, at seconds: Double, _ cases: [TestCaseReport])
        -> TestSuiteReport
    {
        TestSuiteReport(
            name: name, package: "contracts.Web", file: file, hostname: host,
            timestamp: SampleReports.start.addingTimeInterval(seconds),
            properties: [TestProperty(name: "shard", value: host)], cases: cases)
    }

    static func testCase(_ name: String, line: Int?, ms: Int = 10) -> TestCaseReport {
        TestCaseReport(
            name: name, classname: "contracts.Web.Orders", file: "c/orders.json", line: line,
            durationMilliseconds: ms)
    }

    static let shardOne = TestReport(
        name: "shard-1", timestamp: SampleReports.start.addingTimeInterval(5),
        suites: [
            suite(
                "Web-Orders", file: "c/orders.json", host: "runner-1", at: 5,
                [
                    testCase("POST /orders", line: 40), testCase("GET /orders/1", line: 10),
                ]),
            suite("Web-Users", file: "c/users.json", host: "runner-1", at: 6, [testCase("GET /me", line: 3)]),
        ])

    static let shardTwo = TestReport(
        name: "shard-2", timestamp: SampleReports.start,
        suites: [
            suite(
                "Web-Orders", file: "c/orders.json", host: "runner-2", at: 0,
                [
                    testCase("DELETE /orders/1", line: nil), testCase("GET /orders", line: 25),
                ]),
            suite("Web-Carts", file: "c/carts.json", host: "runner-2", at: 1, [testCase("GET /cart", line: 1)]),
        ])

    @Test("two shard files merge into one report with joined suites in line order")
    func mergeShardFiles() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = JUnitWriter()
        try writer.write(Self.shardOne, to: directory + "/TEST-shard-1.xml")
        try writer.write(Self.shardTwo, to: directory + "/TEST-shard-2.xml")
        let reader = JUnitReader()
        let reports = try ["TEST-shard-1.xml", "TEST-shard-2.xml"].map {
            try reader.read(contentsOf: directory + "/" + $0)
        }
        let merged = try JUnitMerge.merge(reports, name: "contract-verification")

        #expect(merged.name == "contract-verification")
        #expect(merged.timestamp == SampleReports.start)
        #expect(merged.suites.map(\.name) == ["Web-Carts", "Web-Orders", "Web-Users"])
        let orders = merged.suites[1]
        #expect(orders.cases.map(\.name) == ["GET /orders/1", "GET /orders", "POST /orders", "DELETE /orders/1"])
        #expect(orders.hostname == "runner-1")
        #expect(orders.timestamp == SampleReports.start)
        #expect(
            orders.properties == [
                TestProperty(name: "shard", value: "runner-1"),
                TestProperty(name: "shard", value: "runner-2"),
            ])
        #expect((merged.tests, orders.tests, orders.durationMilliseconds) == (6, 4, 40))

        let text = try writer.document(for: merged).text
        #expect(
            text.contains(
                "<testsuites name=\"contract-verification\" tests=\"6\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\"0.060\""
            ))
        let validator = try JUnitSchemaValidator(schemaPath: TestSupport.schema("junit-report.xsd"))
        #expect(try validator.validate(bytes: Array(text.utf8)) == [])
    }

    @Test("the merged case order does not depend on the shard order when lines are known")
    func orderIndependent() throws {
        let one = try JUnitMerge.merge([Self.shardOne, Self.shardTwo], name: "m")
        let two = try JUnitMerge.merge([Self.shardTwo, Self.shardOne], name: "m")
        #expect(one.suites.map(\.name) == two.suites.map(\.name))
        #expect(one.suites[1].cases.filter { $0.line != nil } == two.suites[1].cases.filter { $0.line != nil })
    }

    @Test("suites with the same name but different files stay apart")
    func sameNameDifferentFile() throws {
        let other = TestReport(
            name: "x", timestamp: SampleReports.start,
            suites: [
                Self.suite(
                    "Web-Orders", file: "c/orders-v2.json", host: "h", at: 0, [Self.testCase("POST /orders", line: 1)])
            ])
        let merged = try JUnitMerge.merge([Self.shardOne, other], name: "m")
        #expect(merged.suites.map(\.file) == ["c/orders-v2.json", "c/orders.json", "c/users.json"])
    }

    @Test("the same testcase in two shards is a clear error")
    func duplicate() throws {
        let error = try #require(throws: ReportError.self) {
            try JUnitMerge.merge([Self.shardOne, Self.shardTwo, Self.shardOne], name: "m")
        }
        #expect(
            error.description == """
                c/orders.json: testcase 'POST /orders' appears more than once in suite 'Web-Orders' (in reports 1, 3)
                  fix: make the shards disjoint (each interaction runs in one shard), or merge only one run's files
                """)
    }

    @Test("merging nothing gives an empty report")
    func empty() throws {
        let merged = try JUnitMerge.merge([], name: "m")
        #expect(merged == TestReport(name: "m", timestamp: Date(timeIntervalSince1970: 0), suites: []))
    }
}
