import Foundation
import Testing
import TreatyDialect
import TreatyDialectKit
import TreatySimulator
import TreatyTestSupport

@testable import TreatyCloudKit

/// The independent CloudKit probe (`Clients/cloudkit/probe.py`) is a judge that can fail: served
/// on loopback, a CloudKit simulator that ignores change tags, atomic batches, continuation
/// markers or deletions in change feeds fails the checks of that behaviour.
@Suite struct CloudKitProbeJudgeTests {
    static let probeRuns: Bool = {
        guard let process = try? ChildProcess("/usr/bin/env", ["python3", "-c", "import cryptography"], output: .null, error: .null)
        else { return false }
        return process.wait() == 0
    }()

    static let cases: [(CloudKitBreakage, String)] = [
        (.ignoresChangeTags, "modify."), (.ignoresAtomic, "atomic."), (.dropsContinuationMarkers, "query."),
        (.dropsDeletionsFromChanges, "changes."),
    ]

    @Test("a naive CloudKit backend fails the probe's checks of what it gets wrong",
          .enabled(if: probeRuns, "python3 cannot import cryptography; run `python3 -m pip install cryptography`"),
          arguments: cases.map(\.0))
    func naiveBackendFails(_ breakage: CloudKitBreakage) async throws {
        let group = try #require(Self.cases.first { $0.0 == breakage }?.1)
        var options = try CloudKitServeOptions.defaults()
        options.container = "iCloud.com.example.Treaty"
        options.apiToken = "judge-api-token"
        options.webAuthToken = "judge-web-token"
        let backend = try #require(CloudKitPlugin().loadBackend(BackendSetup(contract: nil), options: options).backend)
        let broken = BrokenCloudKitDialect(breakage: breakage, wrapped: backend.makeDialect())
        let running = try await Simulator(dialect: broken, store: backend.makeStore()).start()
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let probe = try ChildProcess(
            "/usr/bin/env",
            [
                "python3", DemoAPI.root + "/Clients/cloudkit/probe.py", "run", "--base-url", running.url.absoluteString,
                "--container", "iCloud.com.example.Treaty", "--api-token", "judge-api-token", "--web-auth-token",
                "judge-web-token", "--json", report,
            ], output: .null, error: .null)
        let status = await probe.exited()
        try await running.stop()
        #expect(status == 1, "the probe exited \(status) against a backend that \(breakage.testDescription)")
        let data = try Data(contentsOf: URL(fileURLWithPath: report))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let checks = json["checks"] as? [[String: Any]] ?? []
        let failed = checks.filter { $0["passed"] as? Bool == false }.compactMap { $0["name"] as? String }
        #expect(failed.contains { $0.hasPrefix(group) }, "no \(group)* check failed; failed: \(failed)")
    }
}
