import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `treaty serve --admin-token` (or `$TREATY_ADMIN_TOKEN`) guards `/__treaty/`: without the
/// token the admin API answers 401, the simulated API is unchanged.
@Suite struct AdminTokenTests {
    static let arguments = ["--contract", "Contracts/demo/contract.yaml", "--fixtures", "Fixtures/demo", "--port", "0"]

    static func status(_ url: String, headers: [String: String] = [:]) async throws -> Int {
        var request = URLRequest(url: try #require(URL(string: url)))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (_, response) = try await URLSession.shared.data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    static func expectGuarded(_ server: ServeProcess, token: String) async throws {
        let base = try #require(server.url, "\(server.banner)")
        let admin = base + "/__treaty/requests/count"
        #expect(try await status(admin) == 401)
        #expect(try await status(admin, headers: ["Authorization": "Bearer wrong-\(token)"]) == 401)
        #expect(try await status(admin, headers: ["Authorization": "Bearer \(token)"]) == 200)
        #expect(try await status(admin, headers: ["X-Treaty-Admin-Token": token]) == 200)
        #expect(try await status(base + "/users") == 200, "the simulated API needs no admin token")
    }

    @Test("--admin-token guards the admin API, by bearer or X-Treaty-Admin-Token")
    func option() async throws {
        let server = try ServeProcess(Self.arguments + ["--admin-token", "s3cret-admin"])
        defer { server.stop(SIGTERM) }
        try await Self.expectGuarded(server, token: "s3cret-admin")
    }

    @Test("$TREATY_ADMIN_TOKEN guards it the same way")
    func environment() async throws {
        let server = try ServeProcess(Self.arguments, environment: ["TREATY_ADMIN_TOKEN": "env-s3cret"])
        defer { server.stop(SIGTERM) }
        try await Self.expectGuarded(server, token: "env-s3cret")
    }

    @Test("without a token the admin API is open on loopback, as before")
    func open() async throws {
        let server = try ServeProcess(Self.arguments, environment: ["TREATY_ADMIN_TOKEN": ""])
        defer { server.stop(SIGTERM) }
        let base = try #require(server.url)
        #expect(try await Self.status(base + "/__treaty/requests/count") == 200)
    }
}
