import Foundation
import Testing
import TreatyTestSupport

/// `treaty diff`: `treaty serve` of the demo as the live side against the simulator with
/// fixtures — recorded from it (no divergence) or edited to drift (found, exit 1).
@Suite struct DiffCommandTests {
    @Test("a recording diffs clean against the server it came from; a drifted copy is found in console, JSON and JUnit")
    func diffsRecordingAndDrift() async throws {
        let server = try ServeProcess(["--contract", "Contracts/demo/contract.yaml", "--fixtures", "Fixtures/demo", "--port", "0"])
        defer { server.stop() }
        let url = try #require(server.url, "\(server.banner)")
        let directory = try TemporaryDirectory()
        let recorded = directory.path("recorded")
        let record = try await TreatyProcess.run([
            "record", "--contract", "Contracts/demo/contract.yaml", "--target", url, "--out", recorded,
        ])
        #expect(record.status == 0, "\(record.standardError)")

        let clean = try await TreatyProcess.run([
            "diff", "--contract", "Contracts/demo/contract.yaml", "--target", url, "--fixtures", recorded, "--read-only",
        ])
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(clean.standardOutput.hasSuffix("treaty diff: 0 divergences in 0 of 9 compared cases\n"), "\(clean.standardOutput)")

        let users = recorded + "/user.json"
        let text = try String(contentsOfFile: users, encoding: .utf8)
        try text.replacingOccurrences(of: "\"Ava\"", with: "\"Ivy\"").write(toFile: users, atomically: true, encoding: .utf8)
        #expect(try String(contentsOfFile: users, encoding: .utf8) != text, "the fixture names a user Ava")
        let drifted = try await TreatyProcess.run([
            "diff", "--contract", "Contracts/demo/contract.yaml", "--target", url, "--fixtures", recorded, "--read-only",
            "--json", directory.path("diff.json"), "--junit", directory.path("diff.xml"),
        ])
        #expect(drifted.status == 1, "\(drifted.standardOutput)\(drifted.standardError)")
        #expect(
            drifted.standardOutput.contains("step 1 (GET /users): value at /0/display_name: live 'Ava', simulated 'Ivy'"),
            "\(drifted.standardOutput)")
        let json = try String(contentsOfFile: directory.path("diff.json"), encoding: .utf8)
        #expect(json.contains(#""kind": "value""#), "\(json)")
        let junit = try String(contentsOfFile: directory.path("diff.xml"), encoding: .utf8)
        #expect(junit.contains("<failure"), "\(junit)")
    }

    @Test("no credential reaches a diff's console, JSON or JUnit output, though the live server echoes it")
    func diffLeaksNoSecret() async throws {
        let token = SecretLeakTests.token
        try await withLiveServer(token: token) { server in
            let directory = try TemporaryDirectory()
            let output = try await TreatyProcess.run(
                [
                    "diff", "--contract", "Contracts/demo/contract.yaml", "--target", server.baseURL, "--read-only",
                    "--json", directory.path("diff.json"), "--junit", directory.path("diff.xml"),
                ], environment: ["TREATY_TOKEN": token])
            #expect(output.status == 0 || output.status == 1, "\(output.standardOutput)\(output.standardError)")
            let artefacts = [
                "stdout": output.standardOutput, "stderr": output.standardError,
                "diff.json": try String(contentsOfFile: directory.path("diff.json"), encoding: .utf8),
                "diff.xml": try String(contentsOfFile: directory.path("diff.xml"), encoding: .utf8),
            ]
            #expect(SecretLeakTests.leaks(in: artefacts).isEmpty, "\(SecretLeakTests.leaks(in: artefacts))")
        }
    }
}
