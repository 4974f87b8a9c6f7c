import Foundation
import NIOHTTP1
import Testing
import TreatyJSON
import TreatySimulator

/// What a spy passes on beyond the body: a `HEAD` answer's length, and near misses for what the
/// live backend does not hold either.
extension PassThroughTests {
    @Test("a forwarded HEAD answers the live Content-Length, not 0")
    func forwardedHead() async throws {
        let demo = Self.demoBackend()
        try await withProxy(mode: .spy, proxy: demo.dialect, proxyStore: demo.store) { proxy, _, _ in
            let answers = try await TestClient.exchange(
                [TestRequest(.HEAD, "/health"), TestRequest(.GET, "/health")], with: proxy)
            #expect(answers[0].status == 200)
            #expect(answers[0].body.isEmpty)
            // The live echo of "HEAD" is one byte longer than the echo of "GET".
            #expect(answers[0].headers["content-length"] == [String(answers[1].body.count + 1)])
            let origins = try await Self.journal(proxy).map { $0["origin"]?.stringValue ?? "" }
            #expect(origins == ["forwarded", "forwarded"])
        }
    }

    @Test("a forwarded request the live backend answers 404 gets a near-miss report in the journal")
    func nearMissOfForwarded404() async throws {
        let proxy = Self.demoBackend()
        let live = Self.demoBackend()
        try await withProxy(
            mode: .spy, live: live.dialect, liveStore: live.store, proxy: proxy.dialect, proxyStore: proxy.store
        ) { url, _, _ in
            let answer = try await TestClient.send(TestRequest(.GET, "/project"), to: url)
            #expect(answer.status == 404)
            let entry = try #require(try await Self.journal(url).last)
            #expect(entry["origin"] == "forwarded")
            let misses = try #require(entry["nearMisses"]?.arrayValue, "\(entry)")
            #expect(misses.first?["candidate"] == "GET /projects")
            #expect(misses.first?["reasons"] == ["path segment 1: expected 'projects', got 'project'"])
        }
    }
}
