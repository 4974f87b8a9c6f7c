import Foundation
import NIOHTTP1
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatySimulator
import TreatyTestSupport

@testable import TreatyREST

/// The rest-sync round trips of rest-sync.md over real HTTP, against the demo contract and
/// fixture served by the simulator on an ephemeral loopback port.
@Suite struct RESTOverHTTPTests {
    static let p1 = DemoID.p1
    static let p2 = DemoID.p2
    static let t1 = DemoID.t1
    static let t2 = DemoID.t2
    static let t3 = DemoID.t3
    static let t5 = DemoID.t5
    static let u2 = DemoID.u2
    static let u3 = DemoID.u3
    static var tasks: String { "/projects/\(p1)/tasks" }

    func withDemo<T: Sendable>(
        maxBodySize: Int = 10 * 1024 * 1024,
        _ body: (URL) async throws -> T
    ) async throws -> T {
        let contract = DemoFiles.contract
        let store = RecordStore(
            contract: contract, fixtures: DemoFiles.fixtures,
            configuration: StoreConfiguration(clock: .fixed(startMilliseconds: 1_735_689_600_000), seed: 1))
        var configuration = SimulatorConfiguration()
        configuration.maxBodySize = maxBodySize
        return try await Simulator.withRunning(
            dialect: RESTDialect(contract: contract), store: store, configuration: configuration, body)
    }

    @Test("lists, scope 404s, PATCH semantics and the incremental-sync round trip, over HTTP")
    func roundTrips() async throws {
        try await withDemo { url in
            let list = try await TestClient.send(TestRequest(.GET, Self.tasks), to: url)
            #expect(list.status == 200)
            #expect(list.headers.first(name: "content-type") == "application/json")
            #expect(try list.json().arrayValue?.compactMap { $0["id"]?.stringValue } == [Self.t1, Self.t2, Self.t3])
            let otherScope = try await TestClient.send(TestRequest(.GET, "/projects/\(Self.p2)/tasks/\(Self.t1)"), to: url)
            #expect(otherScope.status == 404)
            #expect(try otherScope.json()["error"]?["code"] == "not_found")
            let jsonHeader = [("Content-Type", "application/json")]
            let patched = try await TestClient.send(
                TestRequest(.PATCH, "\(Self.tasks)/\(Self.t1)", headers: jsonHeader, text: #"{"title":"x"}"#), to: url)
            #expect(try patched.json()["watcher_ids"] == [.string(Self.u3), .string(Self.u2)])
            let cleared = try await TestClient.send(
                TestRequest(.PATCH, "\(Self.tasks)/\(Self.t1)", headers: jsonHeader, text: #"{"assignee_id":null,"watcher_ids":null}"#),
                to: url)
            #expect(try cleared.json()["assignee_id"] == .null)
            #expect(try cleared.json()["watcher_ids"] == [])
            let deleted = try await TestClient.send(TestRequest(.DELETE, "\(Self.tasks)/\(Self.t3)"), to: url)
            #expect(deleted.status == 204 && deleted.body.isEmpty)
            let feed = try await TestClient.send(
                TestRequest(.GET, Self.tasks + "?updated_after=2025-01-01T10:00:00.000Z"), to: url)
            #expect(try feed.json().arrayValue?.compactMap { $0["id"]?.stringValue } == [Self.t1, Self.t3])
            #expect(feed.headers.first(name: "Sync-Cursor") == "2025-01-01T10:00:00.003Z")
            let expired = try await TestClient.send(
                TestRequest(.GET, Self.tasks + "?updated_after=2000-01-01T00:00:00.000Z"), to: url)
            #expect(expired.status == 410)
            let duplicate = try await TestClient.send(
                TestRequest(
                    .POST, Self.tasks, headers: jsonHeader,
                    text: #"{"id":"\#(Self.t5)","title":"x","state":"todo","author_id":"\#(Self.u2)","position":1,"created_at":"2025-02-01T00:00:00.000Z","updated_at":"2025-02-01T00:00:00.000Z"}"#),
                to: url)
            #expect(duplicate.status == 422)
            #expect(try duplicate.json()["error"]?["code"] == "duplicate_id")
        }
    }

    @Test("malformed JSON, an oversized body and a wrong method get rest-sync error bodies")
    func refusals() async throws {
        try await withDemo(maxBodySize: 64) { url in
            let malformed = try await TestClient.send(
                TestRequest(.PATCH, "\(Self.tasks)/\(Self.t1)", headers: [("Content-Type", "application/json")], text: "{"),
                to: url)
            #expect(malformed.status == 400)
            #expect(try malformed.json()["error"]?["code"] == "malformed_json")
            let large = try await TestClient.send(
                TestRequest(
                    .PATCH, "\(Self.tasks)/\(Self.t1)", headers: [("Content-Type", "application/json")],
                    text: #"{"title":""# + String(repeating: "x", count: 200) + #""}"#),
                to: url)
            #expect(large.status == 413)
            #expect(try large.json()["error"]?["code"] == "payload_too_large")
            let method = try await TestClient.send(TestRequest(.DELETE, "/users"), to: url)
            #expect(method.status == 405)
            #expect(method.headers.first(name: "Allow") == "GET")
        }
    }

    @Test("concurrent PATCHes over HTTP each get their own version")
    func concurrentWrites() async throws {
        try await withDemo { url in
            let versions = try await withThrowingTaskGroup(of: Int64?.self) { group in
                let connectTimeout = TestClient.connectTimeout(concurrent: 100)
                for index in 0..<100 {
                    group.addTask {
                        let reply = try await TestClient.send(
                            TestRequest(
                                .PATCH, "\(Self.tasks)/\(Self.t1)", headers: [("Content-Type", "application/json")],
                                text: #"{"position":\#(index)}"#),
                            to: url, connectTimeout: connectTimeout)
                        return try reply.json()["version"]?.numberValue?.int64Value
                    }
                }
                var all: [Int64] = []
                for try await version in group { if let version { all.append(version) } }
                return all
            }
            #expect(versions.count == 100)
            #expect(Set(versions).count == 100)
        }
    }
}
