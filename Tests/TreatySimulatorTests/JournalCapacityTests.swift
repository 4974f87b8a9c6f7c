import Foundation
import NIOHTTP1
import Testing
import TreatyJSON
import TreatySimulator

@Suite struct JournalCapacityTests {
    @Test("the journal keeps the newest requests up to its capacity, however many arrive")
    func capacity() async throws {
        var configuration = SimulatorConfiguration()
        configuration.journalCapacity = 3
        // No idle timeout: a full parallel run can starve the client past 60 s between
        // connecting and sending, and this test is about the journal, not idle connections.
        configuration.idleTimeout = nil
        try await Simulator.withRunning(dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration) {
            url in
            _ = try await TestClient.exchange((0..<10).map { TestRequest(.GET, "/item/\($0)") }, with: url)
            let journal = try await TestClient.send(TestRequest(.GET, "/__treaty/requests"), to: url).json()
            #expect(journal["requests"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["/item/7", "/item/8", "/item/9"])
            let count = try await TestClient.send(TestRequest(.GET, "/__treaty/requests/count"), to: url).json()
            #expect(count["count"] == 3)
        }
    }
}
