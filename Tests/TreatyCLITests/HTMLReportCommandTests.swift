import Foundation
import Testing
import TreatyTestSupport

/// `--html FILE` on `treaty verify` and `treaty check`, end to end through the CLI, and the pages
/// judged in a real headless Chromium (`Browser/page_check.py`): no console error, no request
/// off the page, no axe-core violation, a non-blank screenshot saying what it should.
@Suite struct HTMLReportCommandTests {
    static let token = "tok-html-7f3a9c"
    static let browserCheck = TreatyProcess.root + "/Tests/TreatyCLITests/Browser/page_check.py"
    /// Where screenshots go, for CI to keep as artifacts.
    static let screenshots = TreatyProcess.root + "/Reports/screenshots"

    /// Whether Chromium, its driver and the Python side of the check are installed (`.ci/run`
    /// installs them).
    static let browserInstalled: Bool = {
        TreatyProcess.succeeds("sh", ["-c", "command -v chromium && command -v chromedriver"])
            && TreatyProcess.succeeds(
                "python3", ["-c", "import selenium, PIL, importlib.util as u; assert u.find_spec('axe_playwright_python')"])
    }()

    private func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-html-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `treaty verify --read-only` against a live backend that leaves `assignee_id` out of tasks.
    private func failingVerify(html: String, in directory: String) async throws -> TreatyProcess.Output {
        try await withLiveServer(token: Self.token, omitting: ["assignee_id"]) { server in
            try await TreatyProcess.run(
                ["verify", "--read-only", "--contract", "Contracts/demo/contract.yaml", "--target", server.baseURL,
                 "--junit", directory + "/junit.xml", "--html", html],
                environment: ["TREATY_TOKEN": Self.token])
        }
    }

    @Test("verify --html: a failing live run's page shows the missing key where it belongs, and never the token")
    func verifyPage() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let html = directory + "/report/verify.html"
        let output = try await failingVerify(html: html, in: directory)
        #expect(output.status == 1, "\(output.standardError)")
        #expect(output.standardOutput.contains("html: \(html)"))
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("Failed: "))
        #expect(page.contains("class=\"mark-missing ghost\"><td><code style=\"--depth:2\">&quot;assignee_id&quot;: (missing)</code>"))
        #expect(page.contains("<a href=\"#rule-RS-NL-1\"><code>RS-NL-1</code></a>"))
        #expect(page.contains("<code>GET /projects/{project_id}/tasks</code></th>"))
        #expect(!page.contains(Self.token))
        #expect(FileManager.default.fileExists(atPath: directory + "/junit.xml"))
    }

    @Test("check --html: each record with violations is shown with its violations marked")
    func checkPage() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let html = directory + "/check.html"
        let output = try await TreatyProcess.run(
            ["check", "--contract", "Contracts/demo/contract.yaml", "--endpoint", "GET /projects/{project_id}/tasks",
             "--html", html, "Fixtures/demo/payloads/tasks-p1.json", "Fixtures/demo/payloads/tasks-p1-violations.json"])
        #expect(output.status == 1)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("Failed: 4 of 7 records did not pass"))
        #expect(page.contains("record at /1"))
        #expect(page.contains("&quot;assignee_id&quot;: (missing)"))
        #expect(page.contains("class=\"mark-key\""))
        #expect(page.contains("Fixtures/demo/payloads/tasks-p1-violations.json:23:3"))
    }

    @Test("an --html path that cannot be written exits 2 and says why")
    func unwritable() async throws {
        let output = try await TreatyProcess.run(
            ["check", "--contract", "Contracts/demo/contract.yaml", "--endpoint", "GET /projects/{project_id}/tasks",
             "--html", "Package.swift/report.html", "Fixtures/demo/payloads/tasks-p1.json"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("cannot write the HTML report"))
        #expect(output.standardError.contains("Package.swift is a file"))
    }

    @Test(
        "the verify and check pages pass a real headless Chromium: no console error, nothing off the page, no axe violation",
        .enabled(if: browserInstalled, "needs chromium, chromedriver and pip selenium pillow axe-playwright-python"))
    func inChromium() async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)
        let verifyPage = directory + "/verify.html"
        _ = try await failingVerify(html: verifyPage, in: directory)
        let checkPage = directory + "/check.html"
        _ = try await TreatyProcess.run(
            ["check", "--contract", "Contracts/demo/contract.yaml", "--endpoint", "GET /projects/{project_id}/tasks",
             "--html", checkPage, "Fixtures/demo/payloads/tasks-p1-violations.json"])
        for (page, name, expected) in [
            (verifyPage, "report-verify-failing.png", ["Failed: ", "assignee_id\": (missing)", "RS-NL-1"]),
            (checkPage, "report-check.png", ["Failed: 4 of 4 records did not pass", "wrong key"]),
        ] {
            let output = try await TreatyProcess.command(
                "python3",
                [Self.browserCheck, "file://" + page, "--screenshot", Self.screenshots + "/" + name]
                    + expected.flatMap { ["--expect", $0] })
            #expect(output.status == 0, "\(name): \(output.standardOutput) \(output.standardError.suffix(2000))")
            #expect(output.standardOutput.contains("\"problems\": []"), "\(output.standardOutput)")
        }
    }
}
