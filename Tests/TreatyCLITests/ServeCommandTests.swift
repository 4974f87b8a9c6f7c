import Foundation
import Testing
import TreatyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ServeCommandTests {
    @Test("treaty serve prints its URL, serves the demo fixture, and exits 0 on SIGTERM")
    func serveAndStop() async throws {
        let server = try ServeProcess([
            "--contract", "Contracts/demo/contract.yaml", "--fixtures", "Fixtures/demo", "--port", "0",
            "--clock", "2025-01-01T00:00:00Z",
        ])
        #expect(server.banner.hasPrefix("treaty: serving demo (rest-sync) at http://127.0.0.1:"))
        let base = try #require(server.url)
        let url = try #require(URL(string: base + "/projects/36F675CC-81E7-4EF5-A8E2-5D940ED90475/tasks"))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"[{"id":"0CB1E29C-658C-4A14-95E6-0AF593BD04CF""#))
        #expect(server.stop(SIGTERM) == 0)
    }

    @Test("a fixture that breaks the contract stops serve with exit 2")
    func badFixture() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("user.json", #"[{"id": 1}]"#)
        let output = try await TreatyProcess.run(["serve", "--contract", "Contracts/demo/contract.yaml", "--fixtures", directory.url.path, "--port", "0"])
        #expect(output.status == 2)
        #expect((output.standardOutput + output.standardError).contains("[RS-ID-1]"))
    }

    @Test(
        "out-of-range thread counts and idle timeouts are refused with exit 2 and the rule",
        arguments: [
            (["--threads", "0"], "--threads must be between 1 and 256"),
            (["--idle-timeout=-1"], "--idle-timeout must not be negative"),
        ])
    func badServerOptions(arguments: [String], message: String) async throws {
        let output = try await TreatyProcess.run(["serve", "--contract", "Contracts/demo/contract.yaml", "--port", "0"] + arguments)
        #expect(output.status == 2)
        #expect(output.standardError.contains(message))
    }

    @Test("SIGTERM sent the moment the start line appears stops the server every time (the signal is armed before it)")
    func stopRightAfterStart() async throws {
        for _ in 0..<20 {
            let server = try ServeProcess(["--contract", "Contracts/demo/contract.yaml", "--port", "0"])
            #expect(server.url != nil, "\(server.banner)")
            let process = server.process
            process.send(SIGTERM)
            let stopped = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { _ = await process.exited(); return true }
                group.addTask {
                    try await Task.sleep(for: .seconds(20))
                    process.send(SIGKILL)  // so the other task ends too
                    return false
                }
                defer { group.cancelAll() }
                return try await group.next() ?? false
            }
            #expect(stopped, "the server ignored a SIGTERM sent right after its start line")
        }
    }
}

