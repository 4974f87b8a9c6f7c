import Foundation
import NIOHTTP1
import Testing
import TreatyJSON
import TreatySimulator

/// A live event stream through the proxy: passed on as it arrives, not buffered.
extension PassThroughTests {
    @Test("a live event stream passes through a validating proxy as it arrives, and the journal says streamed")
    func eventStreamPassesThrough() async throws {
        let live = StreamingDialect()
        try await withProxy(mode: .validate, live: live, liveStore: try TestStore.make()) { proxy, liveURL, _ in
            try await RawConnection.with(proxy) { connection in
                try await connection.send(
                    "GET /events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
                let head = try await connection.read(until: "event:open")
                #expect(head.contains("text/event-stream"))
                #expect(head.lowercased().contains("transfer-encoding: chunked"))
                let created = try await TestClient.send(
                    TestRequest(.POST, "/notes", text: #"{"title":"one"}"#), to: liveURL)
                #expect(created.status == 201)
                let event = try await connection.read(until: "data:")
                #expect(event.contains("data:"), "the live event arrives while the stream is open")
            }
            let entry = try #require(try await Self.journal(proxy).first)
            #expect(entry["origin"] == "forwarded")
            #expect(entry["streamed"] == true)
            #expect(entry["violations"] == nil || entry["violations"] == [], "a stream is not judged")
        }
    }
}
