import Testing
import TreatySimulator

/// Who can reach a simulator: loopback addresses say nothing; any other address warns that the
/// simulated API is reachable, and — without an admin token — that the admin API is too.
@Suite struct ExposureTests {
    @Test("loopback addresses bind quietly", arguments: ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
    func loopback(host: String) {
        let configuration = SimulatorConfiguration(host: host)
        #expect(configuration.bindsLoopback)
        #expect(configuration.exposureWarnings.isEmpty)
    }

    @Test("another address warns, and warns about an open admin API until a token is set",
          arguments: ["0.0.0.0", "::", "192.168.1.20"])
    func exposed(host: String) {
        let open = SimulatorConfiguration(host: host)
        #expect(!open.bindsLoopback)
        #expect(open.exposureWarnings.count == 2)
        #expect(open.exposureWarnings.last?.contains("--admin-token") == true)
        let guarded = SimulatorConfiguration(host: host, adminToken: "s3cret-admin")
        #expect(guarded.exposureWarnings.count == 1)
        #expect(guarded.exposureWarnings.first?.contains(host) == true)
        #expect(!guarded.exposureWarnings.joined().contains("s3cret"), "a warning never repeats the token")
    }
}
