import Foundation
import Testing

/// A real client against the FileMaker dialect: the PyPI `python-fmrest` 1.8
/// (`Clients/filemaker/fmrest_flow.py`) logs in, reads metadata, creates with a portal row,
/// reads, edits with `modId` (and a stale one: 306), duplicates, lists with sort and portals,
/// finds with an omit request, a numeric and a date range (and none: 401), runs scripts, sets
/// globals, uploads a container and downloads it by its URL, deletes, logs out (952 afterwards) and outlives an idle session, against
/// `treaty serve --contract Contracts/music/`. `.ci/run` installs the client.
@Suite struct FileMakerClientTests {
    static let script = "Clients/filemaker/fmrest_flow.py"

    static let clientInstalled: Bool = {
        TreatyProcess.succeeds("python3", ["-c", "import fmrest"])
    }()

    @Test("python-fmrest runs the music flow against treaty serve, step by step",
          .enabled(if: clientInstalled, "python3 cannot import fmrest; run `python3 -m pip install python-fmrest`"))
    func clientFlow() async throws {
        let served = ["--contract", "Contracts/music/", "--fixtures", "Fixtures/music", "--port", "0"]
        let server = try ServeProcess(served)
        defer { server.stop() }
        let idle = try ServeProcess(served + ["--session-idle", "1"])
        defer { idle.stop() }
        let url = try #require(server.url, "no banner, got: \(server.banner)")
        let expiryURL = try #require(idle.url, "no banner, got: \(idle.banner)")

        let steps = try await TreatyProcess.command("python3", [Self.script, "--list"]).standardOutput
            .split(separator: "\n")
        try #require(steps.count >= 14, "fmrest_flow.py --list gave \(steps)")
        let flow = try await TreatyProcess.command("python3", [Self.script, url, "--expiry-url", expiryURL])
        #expect(flow.status == 0, "fmrest_flow.py exited \(flow.status):\n\(flow.standardOutput)\(flow.standardError)")
        #expect(flow.standardOutput.contains("\(steps.count) of \(steps.count) steps passed"),
                "fmrest_flow.py output:\n\(flow.standardOutput)\(flow.standardError)")
    }
}
