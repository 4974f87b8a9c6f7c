import Foundation
import Testing
import TreatyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `treaty serve --validate URL` and `--spy URL` through the built binary, with a second
/// `treaty serve` as the live backend.
@Suite struct ServeValidateTests {
    static let planted = "planted-cli-secret-51d0e"

    static func get(_ url: String, headers: [String: String] = [:]) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "--validate judges live answers by the contract, logs and journals each violation, and writes JUnit on exit without secrets"
    )
    func validate() async throws {
        let live = try ServeProcess([
            "--contract", "Contracts/demo/contract.yaml", "--fixtures", "Fixtures/demo", "--port", "0",
        ])
        defer { live.stop() }
        let liveURL = try #require(live.url)
        // The contract the proxy judges by says a task's title is an int; the live backend sends strings.
        let directory = try TemporaryDirectory()
        let text = try String(contentsOfFile: DemoFiles.contractPath, encoding: .utf8)
            .replacingOccurrences(
                of: "title:       { type: string, required: true, trim: true, min_length: 1, max_length: 80 }",
                with: "title:       { type: int, required: true }")
        try directory.write("contract.yaml", text)
        let junit = directory.path("validate.xml")
        let log = directory.path("proxy.log")
        let proxy = try ServeProcess(
            [
                "--contract", directory.path("contract.yaml"), "--no-fixtures", "--port", "0", "--validate", liveURL,
                "--junit", junit,
            ],
            errorLog: log)
        defer { proxy.stop() }
        #expect(proxy.banner.contains("validating \(liveURL) against the contract"))
        let proxyURL = try #require(proxy.url)
        let direct = try await Self.get(liveURL + DemoID.tasksP1)
        let proxied = try await Self.get(
            proxyURL + DemoID.tasksP1, headers: ["Authorization": "Bearer \(Self.planted)"])
        #expect(proxied.status == 200)
        #expect(proxied.body == direct.body, "the answer passes through unchanged")
        let journal = try await Self.get(proxyURL + "/__treaty/requests").body
        #expect(journal.contains(#""origin":"forwarded""#))
        #expect(journal.contains(#""rule":"#))
        #expect(!journal.contains(Self.planted))
        #expect(proxy.stop(SIGTERM) == 0)
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains("<failure"))
        #expect(report.contains("/projects/{project_id}/tasks"))
        #expect(report.contains("/title"))
        #expect(!report.contains(Self.planted))
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains("/title"))
        #expect(logged.contains("wrote \(junit)"))
        #expect(!logged.contains(Self.planted))
    }

    @Test("--spy and --validate exclude each other, and --validate needs an http(s) URL")
    func badOptions() async throws {
        let both = try await TreatyProcess.run([
            "serve", "--contract", "Contracts/demo/contract.yaml", "--spy", "http://127.0.0.1:1", "--validate",
            "http://127.0.0.1:1",
        ])
        #expect(both.status == 2)
        #expect(both.standardError.contains("--spy and --validate exclude each other"))
        let notURL = try await TreatyProcess.run([
            "serve", "--contract", "Contracts/demo/contract.yaml", "--validate", "staging",
        ])
        #expect(notURL.status == 2)
        #expect(notURL.standardError.contains("is not a live backend URL"))
    }
}

extension ServeValidateTests {
    @Test(
        "POST /__treaty/export writes the records as a fixture set that treaty check --fixtures passes, and refuses a full directory"
    )
    func exportFixtures() async throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("exported")
        let server = try ServeProcess([
            "--contract", "Contracts/demo/contract.yaml", "--fixtures", "Fixtures/demo", "--port", "0", "--export-dir",
            out,
        ])
        defer { server.stop() }
        let base = try #require(server.url)
        var request = URLRequest(url: try #require(URL(string: base + "/__treaty/export")))
        request.httpMethod = "POST"
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
        #expect(String(decoding: data, as: UTF8.self).contains("task.json"))
        let (_, again) = try await URLSession.shared.data(for: request)
        #expect((again as? HTTPURLResponse)?.statusCode == 409, "a second export does not overwrite the first")
        let check = try await TreatyProcess.run([
            "check", "--contract", "Contracts/demo/contract.yaml", "--fixtures", out,
        ])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }
}
