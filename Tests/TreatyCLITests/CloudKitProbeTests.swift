import Foundation
import Testing

/// The independent CloudKit judge (`Clients/cloudkit/probe.py`, written from Apple's reference
/// and cloudkit.md without reading the dialect) against `treaty serve --dialect cloudkit` with no
/// contract: it seeds its own zones, records and assets through the API and checks every
/// operation type, conflict, atomic rollback, query comparator, continuation, sync token,
/// signed request and error code. `.ci/run` installs its one dependency, `cryptography`.
@Suite struct CloudKitProbeTests {
    static let probe = "Clients/cloudkit/probe.py"

    static let probeRuns: Bool = {
        TreatyProcess.succeeds("python3", ["-c", "import cryptography"])
    }()

    @Test("the black-box CloudKit probe passes every check against treaty serve, signed requests included",
          .enabled(if: probeRuns, "python3 cannot import cryptography; run `python3 -m pip install cryptography`"))
    func probePasses() async throws {
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("ck-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: keys) }
        let keygen = try await TreatyProcess.command("python3", [Self.probe, "keygen", "--out", keys])
        try #require(keygen.status == 0, "keygen failed: \(keygen.standardError)")
        let keyID = keygen.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServeProcess([
            "--dialect", "cloudkit", "--container", "iCloud.com.example.Treaty", "--api-token", "probe-api-token",
            "--web-auth-token", "probe-web-token", "--server-key", "\(keyID)=\(keys)/public.pem", "--port", "0",
        ])
        defer { server.stop() }
        let url = try #require(server.url, "no banner, got: \(server.banner)")
        let run = try await TreatyProcess.command(
            "python3",
            [
                Self.probe, "run", "--base-url", url, "--container", "iCloud.com.example.Treaty", "--api-token",
                "probe-api-token", "--web-auth-token", "probe-web-token", "--key-id", keyID, "--private-key",
                "\(keys)/private.pem",
            ])
        let summary = run.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        #expect(run.status == 0, "probe exited \(run.status):\n\(run.standardOutput)\(run.standardError)")
        let counts = summary.split(separator: " ").compactMap { Int($0) }
        #expect(counts.count == 2 && counts[0] == counts[1] && counts[0] >= 300, "\(summary)")
        #expect(!run.standardOutput.contains("probe-api-token") && !run.standardOutput.contains("probe-web-token"))
    }
}
