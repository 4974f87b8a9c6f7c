import Foundation
import Testing

@testable import TreatyReports

@Suite struct ReportModelTests {
    @Test("counts and durations are computed from the cases")
    func counts() {
        let report = SampleReports.verification
        #expect((report.tests, report.failures, report.errors, report.skipped) == (5, 1, 1, 2))
        #expect(report.durationMilliseconds == 1653)
        let orders = report.suites[0]
        #expect((orders.tests, orders.failures, orders.errors, orders.skipped) == (3, 1, 0, 1))
        #expect(orders.durationMilliseconds == 412)
    }

    @Test(
        "classnames are contracts.<Consumer>.<Provider> with inner dots replaced",
        arguments: [
            ("WebApp", "OrderService", "contracts.WebApp.OrderService"),
            ("web.app", "orders.v2", "contracts.web_app.orders_v2"),
            ("a..b", ".c", "contracts.a__b._c"),
        ])
    func classname(consumer: String, provider: String, expected: String) {
        #expect(TestCaseReport.classname(consumer: consumer, provider: provider) == expected)
    }

    @Test("suite names and packages follow the same convention")
    func suiteNames() {
        #expect(TestSuiteReport.name(consumer: "WebApp", provider: "OrderService") == "WebApp-OrderService")
        #expect(TestSuiteReport.package(consumer: "web.app") == "contracts.web_app")
    }

    @Test("the suite order is package, then name, then file, stable for equal keys")
    func suiteOrder() {
        let date = SampleReports.start
        let suites = [
            TestSuiteReport(name: "B", package: "contracts.X", file: "b", hostname: "1", timestamp: date),
            TestSuiteReport(name: "A", package: "contracts.Y", file: "a", hostname: "2", timestamp: date),
            TestSuiteReport(name: "A", package: "contracts.X", file: "z", hostname: "3", timestamp: date),
            TestSuiteReport(name: "A", package: "contracts.X", file: "c", hostname: "4", timestamp: date),
            TestSuiteReport(name: "A", package: nil, file: nil, hostname: "5", timestamp: date),
            TestSuiteReport(name: "A", package: "contracts.X", file: "c", hostname: "6", timestamp: date),
        ]
        let report = TestReport(name: "r", timestamp: date, suites: suites)
        #expect(report.orderedSuites.map(\.hostname) == ["5", "4", "6", "3", "1", "2"])
    }
}
