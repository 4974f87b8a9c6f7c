import Foundation
import Testing

@testable import TreatyReports

@Suite struct HTMLReportWriterTests {
    static func failingItem(_ index: Int, body: String = #"[{"id":"a"}]"#) -> HTMLReport.Item {
        HTMLReport.Item(
            name: "case \(index)", outcome: .failed, rules: ["RS-NL-1"], location: "Contracts/demo/contract.yaml:4:5",
            endpoint: "GET /tasks", durationMilliseconds: index % 50,
            findings: [
                HTMLReport.Finding(
                    rule: "RS-NL-1", kind: "RuleViolation", pointer: "/0/title",
                    summary: "the record is missing 'title' (GET /tasks)", expected: "a value or null", found: "missing")
            ],
            exchanges: [
                HTMLReport.Exchange(
                    request: "GET /tasks", requestHeaders: ["Authorization: <redacted>"], status: 200,
                    responseHeaders: ["Content-Type: application/json"], responseBody: body, totalMilliseconds: 3)
            ])
    }

    static func report(_ items: [HTMLReport.Item]) -> HTMLReport {
        HTMLReport(
            title: "treaty verify: demo", command: "treaty verify", startedAt: Date(timeIntervalSince1970: 0),
            facts: [HTMLReport.Fact("target", "mock")],
            groups: [
                HTMLReport.Group(name: "demo.tasks", items: items),
                HTMLReport.Group(name: "demo.empty", items: [HTMLReport.Item(name: "ok", outcome: .passed, durationMilliseconds: 1)]),
            ],
            rules: [HTMLReport.Rule(id: "RS-NL-1", meaning: "A nullable field is sent as null, never left out.")])
    }

    @Test("the page stands alone: a policy forbids every request, and nothing points off the page")
    func selfContained() {
        let page = HTMLReportWriter().render(Self.report([Self.failingItem(1)]))
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none';"))
        #expect(!page.contains("src=\""))
        #expect(!page.contains("href=\"http"))
        #expect(!page.contains("@import"))
        #expect(!page.contains("url("))
    }

    @Test("a failure shows its verdict, finding, rule link, ghost line and exchange")
    func failureContents() {
        let page = HTMLReportWriter().render(Self.report([Self.failingItem(1)]))
        #expect(page.contains("Failed: 1 of 2 cases did not pass"))
        #expect(page.contains("<a href=\"#rule-RS-NL-1\"><code>RS-NL-1</code></a>"))
        #expect(page.contains("<dt id=\"rule-RS-NL-1\">"))
        #expect(page.contains("class=\"mark-missing ghost\""))
        #expect(page.contains("&quot;title&quot;: (missing)"))
        #expect(page.contains("expected a value or null; found missing"))
        #expect(page.contains("<details class=\"exchange\" open><summary><code>GET /tasks</code> → 200 (3 ms)</summary>"))
        #expect(page.contains("<code>GET /tasks</code></th>"))
    }

    @Test("text from the backend is escaped, and secrets in it are masked")
    func escapingAndSecrets() {
        let hostile = #"[{"id":"<script>alert(1)</script>","token":"tok-123","note":"a & b"}]"#
        var item = Self.failingItem(1, body: hostile)
        item.findings[0].summary = #"saw {"password":"pw-456"} <b>bold</b>"#
        let page = HTMLReportWriter().render(Self.report([item]))
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!page.contains("tok-123"))
        #expect(!page.contains("pw-456"))
        #expect(!page.contains("<b>bold</b>"))
        #expect(page.components(separatedBy: "<script>").count == 2, "only the page's own script")
    }

    @Test("10,000 failures stay under 8 MB: the first ones in full, the rest one line each")
    func bounded() {
        let items = (0..<10_000).map { Self.failingItem($0) }
        let writer = HTMLReportWriter()
        let page = writer.render(Self.report(items))
        #expect(page.utf8.count < 8 * 1024 * 1024, "\(page.utf8.count) bytes")
        #expect(page.components(separatedBy: "<article class=\"failure").count - 1 == writer.maxDetailedItems)
        #expect(page.contains("\(10_000 - writer.maxDetailedItems) more failing cases, one line each"))
        #expect(page.contains("<td>201</td><td>demo.tasks › case 200</td>"), "the first one-line row names its group")
        #expect(page.contains("<td>10000</td><td>case 9999</td>"), "later rows of the same group do not repeat it")
    }

    @Test("a passing run says so and has no failure articles; a run with nothing says that")
    func verdicts() {
        let passing = HTMLReport(
            title: "t", command: "treaty verify", startedAt: Date(timeIntervalSince1970: 0),
            groups: [HTMLReport.Group(name: "g", items: [HTMLReport.Item(name: "a", outcome: .passed)])])
        let page = HTMLReportWriter().render(passing)
        #expect(page.contains("Passed: every case that ran passed"))
        #expect(page.contains("<p>None: nothing failed.</p>"))
        let empty = HTMLReport(title: "t", command: "treaty check", startedAt: Date(timeIntervalSince1970: 0), groups: [])
        #expect(HTMLReportWriter().render(empty).contains("Nothing ran"))
    }

    @Test("the write is atomic and names an unwritable path")
    func write() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("html-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/nested/report.html"
        try HTMLReportWriter().write(Self.report([Self.failingItem(1)]), to: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(throws: ReportError.self) { try HTMLReportWriter().write(Self.report([]), to: directory + "/nested") }
    }
}
