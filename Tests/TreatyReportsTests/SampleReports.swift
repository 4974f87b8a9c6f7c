import Foundation

@testable import TreatyReports

/// Reports with a fixed clock and hostname, for golden files and round trips.
enum SampleReports {
    /// 2025-03-01T10:15:30Z.
    static let start = Date(timeIntervalSince1970: 1_740_824_130)

    /// Two contracts (given out of order), every outcome, properties out of order, an attachment.
    static var verification: TestReport {
        let orders = TestCaseReport.classname(consumer: "WebApp", provider: "OrderService")
        var failing = TestCaseReport(
            name: "POST /orders rejects qty 0",
            classname: orders,
            file: "contracts/WebApp-OrderService.json",
            line: 48,
            durationMilliseconds: 292,
            outcome: .failed(
                TestProblem(
                    message: "status: expected 422, got 200",
                    type: "StatusMismatch",
                    detail: "expected status 422\nactual status 200\n\nPOST /orders\n{\"qty\": 0}"
                )),
            assertions: 3
        )
        failing.addAttachment("reports/attachments/WebApp-OrderService/post-orders.http")
        let orderSuite = TestSuiteReport(
            name: TestSuiteReport.name(consumer: "WebApp", provider: "OrderService"),
            package: TestSuiteReport.package(consumer: "WebApp"),
            file: "contracts/WebApp-OrderService.json",
            hostname: "ci-runner-1",
            timestamp: start,
            properties: [
                TestProperty(name: "provider.version", value: "1.4.2"),
                TestProperty(name: "dialect", value: "rest"),
            ],
            cases: [
                TestCaseReport(
                    name: "GET /orders/42 returns the order",
                    classname: orders,
                    file: "contracts/WebApp-OrderService.json",
                    line: 12,
                    durationMilliseconds: 120
                ),
                failing,
                TestCaseReport(
                    name: "GET /orders?status=open pages",
                    classname: orders,
                    file: "contracts/WebApp-OrderService.json",
                    line: 70,
                    outcome: .skipped(message: "no state handler for 'open orders'")
                ),
            ]
        )
        let catalog = TestCaseReport.classname(consumer: "Admin.Console", provider: "Catalog")
        let catalogSuite = TestSuiteReport(
            name: TestSuiteReport.name(consumer: "Admin.Console", provider: "Catalog"),
            package: TestSuiteReport.package(consumer: "Admin.Console"),
            file: "contracts/Admin-Catalog.yaml",
            hostname: "ci-runner-1",
            timestamp: start.addingTimeInterval(1),
            cases: [
                TestCaseReport(
                    name: "GET /products lists products",
                    classname: catalog,
                    file: "contracts/Admin-Catalog.yaml",
                    line: 5,
                    durationMilliseconds: 1234,
                    outcome: .errored(
                        TestProblem(
                            message: "connection refused: localhost:8080",
                            type: "TransportError",
                            detail: "connect(2) failed: ECONNREFUSED"
                        )),
                    systemErr: "retrying once\ngave up"
                ),
                TestCaseReport(
                    name: "GET /products/{id} 404s for unknown ids",
                    classname: catalog,
                    file: "contracts/Admin-Catalog.yaml",
                    line: 19,
                    durationMilliseconds: 7,
                    outcome: .skipped(message: nil)
                ),
            ]
        )
        return TestReport(name: "contract-verification", timestamp: start, suites: [orderSuite, catalogSuite])
    }
}
