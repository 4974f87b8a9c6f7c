import HTTPTypes
import Foundation
import NIOHTTP1
import Testing
import TreatyJSON
import TreatyDialect
import TreatySimulator

@Suite struct RequestLimitTests {
    let configuration = SimulatorConfiguration(maxBodySize: 1024)

    @Test("a body over the limit is refused with the dialect's 413 and the connection closes", arguments: [4096, 2_000_000])
    func bodyTooLarge(size: Int) async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store, configuration: configuration) { url in
            let body = [UInt8](repeating: 0x61, count: size)
            let response = try await TestClient.send(TestRequest(.POST, "/upload", body: body), to: url)
            #expect(response.status == 413)
            #expect(try response.json()["failure"] == "payload-too-large:1024")
            #expect(response.headers["connection"] == ["close"])
            let journal = try await TestClient.send(TestRequest(.GET, "/__treaty/requests"), to: url).json()
            #expect(journal["requests"]?[0]?["status"] == 413)
        }
    }

    @Test("a body exactly at the limit is served")
    func bodyAtLimit() async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store, configuration: configuration) { url in
            let body = [UInt8](repeating: 0x61, count: 1024)
            let response = try await TestClient.send(TestRequest(.POST, "/upload", body: body), to: url)
            #expect(response.status == 200)
            #expect(try response.json()["body"]?.stringValue?.count == 1024)
        }
    }

    @Test("a body over the limit sent in chunks is refused as soon as it crosses the limit")
    func chunkedBodyTooLarge() async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store, configuration: configuration) { url in
            // No Content-Length: the client sends it chunked.
            let request = TestRequest(
                .PATCH, "/upload", headers: [("transfer-encoding", "chunked")], body: [UInt8](repeating: 0x62, count: 3000))
            let response = try await TestClient.send(request, to: url)
            #expect(response.status == 413)
        }
    }

    @Test("a method the simulator does not serve is refused with the dialect's 405", arguments: ["PROPFIND", "TRACE", "PURGE"])
    func unsupportedMethod(method: String) async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            let response = try await TestClient.send(TestRequest(HTTPMethod(rawValue: method), "/notes"), to: url)
            #expect(response.status == 405)
            #expect(try response.json()["failure"] == "method-not-allowed")
        }
    }
}
