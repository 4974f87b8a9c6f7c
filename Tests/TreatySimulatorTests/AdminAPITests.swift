import HTTPTypes
import Foundation
import NIOHTTP1
import Testing
import TreatyDialect
import TreatyJSON
import TreatySimulator

@Suite struct AdminAPITests {
    @Test("reset, snapshot, restore and the state dump work on the store")
    func resetSnapshotRestore() async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            func send(_ method: HTTPMethod, _ target: String, _ text: String = "") async throws -> TestResponse {
                try await TestClient.send(TestRequest(method, target, text: text), to: url)
            }
            func noteCount() async throws -> Int? {
                try await send(.GET, "/__treaty/state/note").json()["records"]?.arrayValue?.count
            }
            #expect(try await send(.POST, "/notes", #"{"title":"first"}"#).status == 201)
            #expect(try await noteCount() == 1)
            #expect(try await send(.POST, "/__treaty/snapshots/one").status == 201)
            #expect(try await send(.POST, "/notes", #"{"title":"second"}"#).status == 201)
            #expect(try await noteCount() == 2)
            #expect(try await send(.GET, "/__treaty/snapshots").json() == ["snapshots": ["one"]])

            let restored = try await send(.POST, "/__treaty/snapshots/one/restore")
            #expect(restored.status == 200)
            #expect(try await noteCount() == 1)
            #expect(try await send(.GET, "/__treaty/state/note").json()["records"]?[0]?["title"] == "first")

            #expect(try await send(.POST, "/__treaty/reset").status == 200)
            #expect(try await noteCount() == 0)
            #expect(try await send(.GET, "/__treaty/snapshots").json() == ["snapshots": ["one"]])

            let unknownSnapshot = try await send(.POST, "/__treaty/snapshots/nope/restore")
            #expect(unknownSnapshot.status == 404)
            #expect(try unknownSnapshot.json()["error"] == "no snapshot named 'nope'")
            let unknownResource = try await send(.GET, "/__treaty/state/nope")
            #expect(unknownResource.status == 404)
            #expect(try await send(.GET, "/__treaty/reset").status == 405)
            #expect(try await send(.GET, "/__treaty/whatever").status == 404)
        }
    }

    @Test("the journal filters by method and path glob, counts and clears; admin calls are not journaled")
    func journal() async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            _ = try await TestClient.exchange(
                [
                    TestRequest(.GET, "/projects/P1/tasks/T1"),
                    TestRequest(.PATCH, "/projects/P1/tasks/T1?x=1", text: #"{"title":"new"}"#),
                    TestRequest(.PATCH, "/projects/P1/notes/N1", text: "{}"),
                    TestRequest(.PATCH, "/projects/P2/tasks/T9/watchers", text: "[]"),
                ], with: url)
            let filtered = try await TestClient.send(
                TestRequest(.GET, "/__treaty/requests?method=PATCH&path=/projects/*/tasks/*"), to: url
            ).json()
            let entries = try #require(filtered["requests"]?.arrayValue)
            #expect(entries.count == 1)
            #expect(entries.first?["method"] == "PATCH")
            #expect(entries.first?["path"] == "/projects/P1/tasks/T1")
            #expect(entries.first?["query"] == "x=1")
            #expect(entries.first?["body"] == #"{"title":"new"}"#)
            #expect(entries.first?["bodyEncoding"] == "utf8")
            #expect(entries.first?["status"] == 200)
            #expect((entries.first?["durationMicros"]?.numberValue?.int64Value ?? -1) >= 0)

            let all = try await TestClient.send(TestRequest(.GET, "/__treaty/requests"), to: url).json()
            #expect(all["requests"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == [
                "/projects/P1/tasks/T1", "/projects/P1/tasks/T1", "/projects/P1/notes/N1", "/projects/P2/tasks/T9/watchers",
            ])
            func count(_ query: String) async throws -> JSONValue {
                try await TestClient.send(TestRequest(.GET, "/__treaty/requests/count" + query), to: url).json()
            }
            #expect(try await count("?method=patch&path=/projects/**") == ["count": 3])
            #expect(try await count("?path=/projects/*/tasks/**") == ["count": 3])
            #expect(try await count("") == ["count": 4])
            let cleared = try await TestClient.send(TestRequest(.DELETE, "/__treaty/requests"), to: url)
            #expect(try cleared.json() == ["cleared": 4])
            #expect(try await count("") == ["count": 0])
        }
    }

    @Test("secret headers and token query parameters are redacted in the journal")
    func secretsRedacted() async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            let headers = [
                ("Authorization", "Bearer s3cret"), ("Cookie", "session=s3cret"), ("X-Api-Key", "s3cret"),
                ("X-Refresh-Token", "s3cret"), ("Accept", "application/json"),
            ]
            _ = try await TestClient.send(TestRequest(.GET, "/me?access_token=s3cret&page=2", headers: headers), to: url)
            let response = try await TestClient.send(TestRequest(.GET, "/__treaty/requests"), to: url)
            #expect(!response.text.contains("s3cret"))
            let entry = try #require(response.json()["requests"]?[0])
            #expect(entry["headers"]?["authorization"] == "<redacted>")
            #expect(entry["headers"]?["cookie"] == "<redacted>")
            #expect(entry["headers"]?["x-api-key"] == "<redacted>")
            #expect(entry["headers"]?["x-refresh-token"] == "<redacted>")
            #expect(entry["headers"]?["accept"] == "application/json")
            #expect(entry["query"] == "access_token=<redacted>&page=2")
        }
    }

    @Test("the journal's library accessors mask the path's session token, query, headers and body fields")
    func libraryAccessorsRedacted() async throws {
        let running = try await Simulator(dialect: EchoDialect(), store: try TestStore.make()).start()
        do {
            let body = Array(#"{"identity":"ann","password":"s3cret","note":"kept"}"#.utf8)
            let request = TestRequest(
                .POST, "/sessions/s3cret-token/me?token=s3cret&page=2",
                headers: [("Authorization", "Basic czNjcmV0"), ("Content-Type", "application/json")], body: body)
            _ = try await TestClient.send(request, to: running.url)
            let entry = try #require(running.control.requests().first)
            #expect(entry.path == "/sessions/<redacted>/me")
            #expect(entry.query == "token=<redacted>&page=2")
            #expect(entry.headers.first { $0.name == "Authorization" }?.value == "<redacted>")
            let text = String(decoding: entry.body, as: UTF8.self)
            #expect(!text.contains("s3cret") && text.contains(#""note":"kept""#))
            #expect(running.control.requests(path: "/sessions/*/me").count == 1)
        } catch {
            try? await running.stop()
            throw error
        }
        try await running.stop()
    }

    @Test("a body that is not UTF-8 is journaled as base64")
    func binaryBody() async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            _ = try await TestClient.send(TestRequest(.POST, "/blob", body: [0xFF, 0x00, 0xFE]), to: url)
            let entry = try await TestClient.send(TestRequest(.GET, "/__treaty/requests"), to: url).json()["requests"]?[0]
            #expect(entry?["body"] == "/wD+")
            #expect(entry?["bodyEncoding"] == "base64")
        }
    }

    @Test("fault rules are added, listed and cleared; a bad rule is a 400 that says why")
    func faultAdmin() async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            let rule = #"{"method":"patch","path":"/projects/**","probability":0.5,"status":503}"#
            let added = try await TestClient.send(TestRequest(.POST, "/__treaty/faults", text: rule), to: url)
            #expect(added.status == 201)
            let listed = try await TestClient.send(TestRequest(.GET, "/__treaty/faults"), to: url).json()
            #expect(listed["faults"]?[0] == ["method": "PATCH", "path": "/projects/**", "probability": 0.5, "status": 503])

            let bad = try await TestClient.send(TestRequest(.POST, "/__treaty/faults", text: #"{"stauts":503}"#), to: url)
            #expect(bad.status == 400)
            #expect(try bad.json()["error"] == "unknown key 'stauts' in a fault rule; did you mean 'status'?")
            let notJSON = try await TestClient.send(TestRequest(.POST, "/__treaty/faults", text: "{"), to: url)
            #expect(notJSON.status == 400)

            let cleared = try await TestClient.send(TestRequest(.DELETE, "/__treaty/faults"), to: url)
            #expect(try cleared.json() == ["cleared": 1])
            #expect(try await TestClient.send(TestRequest(.GET, "/__treaty/faults"), to: url).json() == ["faults": []])
        }
    }
}
