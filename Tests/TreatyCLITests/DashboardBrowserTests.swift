import Foundation
import Testing

/// `treaty serve`'s dashboard in a real headless Chromium (`Browser/page_check.py`): every page
/// renders with no console error, talks to nothing but the simulator, passes axe-core, and is
/// photographed for CI's artifacts.
@Suite struct DashboardBrowserTests {
    @Test(
        "the dashboard's pages pass a real headless Chromium after some traffic",
        .enabled(if: HTMLReportCommandTests.browserInstalled, "needs chromium, chromedriver and pip selenium pillow axe-playwright-python"))
    func inChromium() async throws {
        let server = try ServeProcess(["--contract", "Contracts/demo/contract.yaml", "--port", "0"])
        defer { server.stop() }
        let url = try #require(server.url, "treaty serve printed: \(server.banner)")
        for target in ["/projects", "/projects/nope/tasks", "/users"] {
            _ = try await TreatyProcess.command("curl", ["-s", "-o", "/dev/null", url + target])
        }
        try FileManager.default.createDirectory(atPath: HTMLReportCommandTests.screenshots, withIntermediateDirectories: true)
        for (path, name, expected) in [
            ("/__treaty/", "dashboard-overview.png", ["GET /projects/{project_id}/tasks", "task"]),
            ("/__treaty/ui/journal", "dashboard-journal.png", ["GET /projects/nope/tasks", "404"]),
            ("/__treaty/ui/journal/1", "dashboard-request.png", ["Replay this request"]),
            ("/__treaty/ui/records/task", "dashboard-records.png", ["tombstone"]),
            ("/__treaty/ui/faults", "dashboard-faults.png", ["Add the rule"]),
        ] {
            let output = try await TreatyProcess.command(
                "python3",
                [HTMLReportCommandTests.browserCheck, url + path, "--allow-origin", url,
                 "--screenshot", HTMLReportCommandTests.screenshots + "/" + name] + expected.flatMap { ["--expect", $0] })
            #expect(output.status == 0, "\(path): \(output.standardOutput) \(output.standardError.suffix(2000))")
        }
    }
}
