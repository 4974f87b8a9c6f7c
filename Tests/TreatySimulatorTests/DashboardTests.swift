import Foundation
import NIOHTTP1
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatySimulator

/// The dashboard's pages under `/__treaty/`, over HTTP against a running simulator.
@Suite struct DashboardTests {
    private func send(
        _ method: HTTPMethod, _ target: String, _ text: String = "", headers: [(String, String)] = [], to url: URL
    ) async throws -> TestResponse {
        try await TestClient.send(TestRequest(method, target, headers: headers, text: text), to: url)
    }

    private func form(_ target: String, _ text: String = "", headers: [(String, String)] = [], to url: URL) async throws
        -> TestResponse
    {
        try await send(
            .POST, target, text, headers: headers + [("Content-Type", "application/x-www-form-urlencoded")], to: url)
    }

    @Test("the overview counts records per resource and requests per endpoint; pages are HTML with a strict policy")
    func overview() async throws {
        try await Simulator.withRunning(dialect: EchoDialect(), store: try TestStore.make()) { url in
            _ = try await send(.POST, "/notes", #"{"title":"a"}"#, to: url)
            _ = try await send(.GET, "/notes", to: url)
            _ = try await send(.GET, "/elsewhere/123456789012345", to: url)
            let page = try await send(.GET, "/__treaty/", to: url)
            #expect(page.status == 200)
            #expect(page.headers.first(name: "content-type") == "text/html; charset=utf-8")
            #expect(page.headers.first(name: "content-security-policy")?.hasPrefix("default-src 'none';") == true)
            let text = page.text
            #expect(text.contains(#"<a href="/__treaty/ui/records/note">note</a></td><td>1</td><td>0</td>"#))
            #expect(text.contains("<code>POST /notes</code></a></td><td>yes</td><td>1</td><td>0</td>"))
            #expect(text.contains("<code>GET /elsewhere/{id}</code></a></td><td>no</td><td>1</td>"))
            #expect(try await send(.GET, "/__treaty", to: url).status == 200)
            #expect(try await send(.GET, "/__treaty/ui/nothing", to: url).status == 404)
            #expect(try await send(.DELETE, "/__treaty/ui/journal", to: url).status == 405)
        }
    }

    @Test("the journal filters by status and operation, an entry shows its answer with secrets masked, and a replay is a new entry")
    func journalAndReplay() async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            _ = try await send(
                .POST, "/notes?access_token=tok-q1", #"{"title":"first"}"#,
                headers: [("Authorization", "Bearer tok-9f8e"), ("Content-Type", "application/json")], to: url)
            _ = try await send(.POST, "/notes", #"{"nope":1}"#, to: url)
            _ = try await send(.GET, "/echo?x=1", to: url)
            let failed = try await send(.GET, "/__treaty/ui/journal?status=4xx", to: url).text
            #expect(failed.contains("1 of the 3 requests"))
            #expect(failed.contains("<code>POST /notes</code>"))
            let posts = try await send(.GET, "/__treaty/ui/journal?operation=POST%20/notes", to: url).text
            #expect(posts.contains("2 of the 3 requests"))
            let entry = try await send(.GET, "/__treaty/ui/journal/0", to: url)
            #expect(entry.status == 200)
            #expect(entry.text.contains("Authorization: &lt;redacted&gt;"))
            #expect(!entry.text.contains("tok-9f8e"))
            #expect(!entry.text.contains("tok-q1"))
            #expect(entry.text.contains("&quot;title&quot;: &quot;first&quot;"), "the answer, pretty-printed")
            let notesBefore = try #require(store.dump("note")).count
            let replay = try await form("/__treaty/ui/journal/0/replay", to: url)
            #expect(replay.status == 303)
            #expect(replay.headers.first(name: "location") == "/__treaty/ui/journal/3")
            #expect(try #require(store.dump("note")).count == notesBefore + 1, "the replayed create created a note")
            let replayed = try await send(.GET, "/__treaty/ui/journal/3", to: url).text
            #expect(replayed.contains(#"<dt>replays</dt><dd><a href="/__treaty/ui/journal/0">#0</a></dd>"#))
            #expect(try await send(.GET, "/__treaty/requests", to: url).json()["requests"]?[3]?["replayOf"] == 0)
            #expect(try await send(.GET, "/__treaty/ui/journal/99", to: url).status == 404)
        }
    }

    @Test("records are paged from the store: the last page of 100,000 notes without loading them all")
    func pagedRecords() async throws {
        let store = try TestStore.make()
        try store.transaction { () throws(StoreError) in
            for index in 0..<100_000 { _ = try store.create("note", body: ["title": .string("note \(index)")]) }
        }
        try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            let page = try await send(.GET, "/__treaty/ui/records/note?offset=99950", to: url)
            #expect(page.status == 200)
            #expect(page.text.contains("100000 live records and 0 tombstones; 99951–100000 of 100000 shown."))
            #expect(page.text.contains("note 99999"))
            #expect(!page.text.contains("note 99949"))
            #expect(page.text.contains(#"href="/__treaty/ui/records/note?offset=99900">previous</a>"#))
            #expect(!page.text.contains(">next</a>"))
            #expect(page.body.count < 100_000, "one page, not the table: \(page.body.count) bytes")
            #expect(try await send(.GET, "/__treaty/ui/records/nope", to: url).status == 404)
        }
    }

    @Test("snapshots, restore and reset work from their forms")
    func snapshotsAndReset() async throws {
        let store = try TestStore.make()
        try await Simulator.withRunning(dialect: EchoDialect(), store: store) { url in
            _ = try await send(.POST, "/notes", #"{"title":"a"}"#, to: url)
            let taken = try await form("/__treaty/ui/snapshots", "name=with+one", to: url)
            #expect(taken.status == 303)
            #expect(store.snapshotNames == ["with one"])
            _ = try await send(.POST, "/notes", #"{"title":"b"}"#, to: url)
            #expect(try await form("/__treaty/ui/snapshots/with%20one/restore", to: url).status == 303)
            #expect(store.dump("note")?.count == 1)
            #expect(try await send(.GET, "/__treaty/ui/snapshots?done=Restored", to: url).text.contains("Restore with one"))
            #expect(try await form("/__treaty/ui/reset", to: url).status == 303)
            #expect(store.dump("note")?.count == 0)
            #expect(try await form("/__treaty/ui/snapshots", "name=", to: url).status == 400)
            #expect(try await form("/__treaty/ui/snapshots/nope/restore", to: url).status == 404)
        }
    }

    @Test("a fault rule added from the form fires, and switched off it does not")
    func faultSwitch() async throws {
        try await Simulator.withRunning(dialect: EchoDialect(), store: try TestStore.make()) { url in
            let rule = #"{"path":"/echo","status":503}"#
            let added = try await form("/__treaty/ui/faults", "rule=" + PercentEncoding.component(rule), to: url)
            #expect(added.status == 303)
            #expect(try await send(.GET, "/echo", to: url).status == 503)
            #expect(try await form("/__treaty/ui/faults/0/toggle", to: url).status == 303)
            #expect(try await send(.GET, "/echo", to: url).status == 200)
            #expect(try await send(.GET, "/__treaty/ui/faults", to: url).text.contains("Switch on rule 0"))
            #expect(try await form("/__treaty/ui/faults/0/toggle", to: url).status == 303)
            #expect(try await send(.GET, "/echo", to: url).status == 503)
            #expect(try await form("/__treaty/ui/faults", "rule=%7B%22path%22%3A1%7D", to: url).status == 400)
            #expect(try await form("/__treaty/ui/faults/7/toggle", to: url).status == 404)
            #expect(try await form("/__treaty/ui/faults/clear", to: url).status == 303)
            #expect(try await send(.GET, "/echo", to: url).status == 200)
        }
    }

    @Test("with an admin token the pages ask for it, a wrong one is refused, and the right one sets a cookie that opens them")
    func login() async throws {
        let configuration = SimulatorConfiguration(adminToken: "adm in;tok")
        try await Simulator.withRunning(dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration) { url in
            let asked = try await send(.GET, "/__treaty/ui/journal", to: url)
            #expect(asked.status == 401)
            #expect(asked.text.contains(#"<form method="post" action="/__treaty/ui/login">"#))
            #expect(try await send(.GET, "/__treaty/requests", to: url).status == 401, "the JSON API stays closed")
            let wrong = try await form("/__treaty/ui/login", "token=guess", to: url)
            #expect(wrong.status == 401)
            #expect(wrong.text.contains("That is not the admin token."))
            let right = try await form("/__treaty/ui/login", "token=adm+in%3Btok", to: url)
            #expect(right.status == 303)
            let cookie = try #require(right.headers.first(name: "set-cookie"))
            #expect(cookie == "treaty_admin=adm%20in%3Btok; Path=/__treaty; HttpOnly; SameSite=Strict")
            let value = try #require(cookie.split(separator: ";").first.map(String.init))
            #expect(try await send(.GET, "/__treaty/ui/journal", headers: [("Cookie", "a=b; " + value)], to: url).status == 200)
            #expect(try await send(.GET, "/__treaty/ui/journal", headers: [("Cookie", "treaty_admin=other")], to: url).status == 401)
        }
    }
}
