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
