import Foundation
import NotesApp
import Testing
import TreatyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The board's live feed against a fake of the team's PocketBase: the app's own realtime client
/// reacts to a change made by someone else, and to the connection being dropped.
@Suite struct AnnouncementsFeedTests {
    /// Signs in as the fake PocketBase's superuser and posts an announcement, as a teammate would.
    static func announce(_ title: String, at url: URL) async throws {
        func post(_ path: String, _ body: [String: Any], token: String? = nil) async throws -> [String: Any] {
            var request = URLRequest(url: url.appendingPathComponent(path))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            if let token { request.setValue(token, forHTTPHeaderField: "Authorization") }
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            let (data, _) = try await URLSession.shared.data(for: request)
            return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        }
        let auth = try await post(
            "api/collections/_superusers/auth-with-password",
            ["identity": "admin@example.com", "password": "admin-password-123"])
        let token = try #require(auth["token"] as? String)
        _ = try await post("api/collections/announcements/records", ["title": title, "pinned": true], token: token)
    }

    struct NoChange: Error {}

    /// The feed's next change, or `nil` when it ended; throws when nothing came within 10 s, so
    /// a broken feed fails the test instead of hanging it.
    static func next(_ changes: AsyncThrowingStream<AnnouncementChange, any Error>) async throws -> AnnouncementChange? {
        try await withThrowingTaskGroup(of: AnnouncementChange?.self) { group in
            group.addTask {
                var iterator = changes.makeAsyncIterator()
                return try await iterator.next()
            }
            group.addTask {
                try await Task.sleep(for: .seconds(10))
                throw NoChange()
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    @Test("a teammate's new announcement reaches the board live, without polling")
    func liveUpdate() async throws {
        try await withFakeBackend(contract: "Contracts/board/contract.yaml") { backend in
            let changes = try await AnnouncementsFeed(baseURL: backend.url).changes()
            try await Self.announce("Standup moves to 10:00", at: backend.url)
            let change = try #require(try await Self.next(changes))
            #expect(change.action == .create)
            #expect(change.title == "Standup moves to 10:00")
            #expect(change.pinned)
        }
    }

    @Test("when the server drops the stream, the feed ends so the app can reconnect")
    func dropped() async throws {
        try await withFakeBackend(contract: "Contracts/board/contract.yaml") { backend in
            let changes = try await AnnouncementsFeed(baseURL: backend.url).changes()
            #expect(backend.control.dropStreams() == 1)
            do {
                #expect(try await Self.next(changes) == nil, "the feed ends")
            } catch is NoChange {
                Issue.record("the feed hung after the server dropped the stream")
            } catch {
                // Ending with the connection's error is ending too.
            }
        }
    }
}
