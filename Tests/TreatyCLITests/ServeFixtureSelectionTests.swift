import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which records `treaty serve` starts with: `--fixtures DIR`, else `Fixtures/<api>/` as
/// `treaty verify` finds it, else none; `--no-fixtures` asks for none. The start message says
/// which.
@Suite struct ServeFixtureSelectionTests {
    static let tasks = "/projects/36F675CC-81E7-4EF5-A8E2-5D940ED90475/tasks"

    static func get(_ base: String, _ path: String) async throws -> (status: Int, body: String) {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: base + path)))
        return (try #require(response as? HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    @Test("--contract alone loads Fixtures/<api>/ and names it, with its record count, in the start message")
    func convention() async throws {
        let server = try ServeProcess(["--contract", "Contracts/demo/", "--port", "0"])
        defer { server.stop(SIGTERM) }
        #expect(server.banner.hasPrefix("treaty: serving demo (rest-sync) at http://127.0.0.1:"))
        #expect(server.banner.hasSuffix(" - loaded fixtures from Fixtures/demo/ (13 records)"), "\(server.banner)")
        let base = try #require(server.url, "\(server.banner)")
        let answer = try await Self.get(base, Self.tasks)
        #expect(answer.status == 200)
        #expect(answer.body.hasPrefix(#"[{"id":"0CB1E29C-658C-4A14-95E6-0AF593BD04CF""#))
    }

    @Test("--fixtures DIR is loaded and named in the start message")
    func explicit() async throws {
        let server = try ServeProcess([
            "--contract", "Contracts/demo/contract.yaml", "--fixtures", "Fixtures/demo", "--port", "0",
        ])
        defer { server.stop(SIGTERM) }
        #expect(server.banner.hasSuffix(" - loaded fixtures from Fixtures/demo/ (13 records)"), "\(server.banner)")
    }

    @Test("--no-fixtures starts with no records although Fixtures/<api>/ exists, and says so")
    func none() async throws {
        let server = try ServeProcess(["--contract", "Contracts/demo/", "--no-fixtures", "--port", "0"])
        defer { server.stop(SIGTERM) }
        #expect(server.banner.hasSuffix(" - no fixtures (--no-fixtures)"), "\(server.banner)")
        let base = try #require(server.url, "\(server.banner)")
        let answer = try await Self.get(base, "/users")
        #expect(answer.status == 200)
        #expect(answer.body == "[]")
    }

    @Test("a contract without Fixtures/<api>/ starts with no records and says where it looked")
    func missingConvention() async throws {
        let directory = try TemporaryDirectory()
        let demo = try String(contentsOfFile: TreatyProcess.root + "/Contracts/demo/contract.yaml", encoding: .utf8)
        try directory.write("contract.yaml", demo.replacingOccurrences(of: "api: demo", with: "api: scratch"))
        let server = try ServeProcess(["--contract", directory.path("contract.yaml"), "--port", "0"])
        defer { server.stop(SIGTERM) }
        #expect(
            server.banner.hasSuffix(" - no fixtures (Fixtures/scratch/ does not exist; pass --fixtures DIR)"),
            "\(server.banner)")
        #expect(server.url != nil)
    }

    @Test("--fixtures and --no-fixtures together are refused with exit 2")
    func conflicting() async throws {
        let output = try await TreatyProcess.run([
            "serve", "--contract", "Contracts/demo/", "--fixtures", "Fixtures/demo", "--no-fixtures", "--port", "0",
        ])
        #expect(output.status == 2)
        #expect(output.standardError.contains("--fixtures and --no-fixtures exclude each other"))
    }
}
