import Foundation
import HTTPTypes
import Testing
import TreatyHTTP
import TreatyJSON
import TreatySimulator
import TreatyTesting

/// A test subscribes to a fake backend's event stream, triggers writes and awaits the events —
/// here a PocketBase contract's realtime API, read as plain server-sent events.
@Suite struct FakeBackendEventsTests {
    static func send(_ method: HTTPRequest.Method, _ url: String, body: JSONValue, token: String? = nil) async throws
        -> (Int, JSONValue?)
    {
        try await withHTTPClient(logger: FakeBackendTests.logger) { client in
            var fields = HTTPFields()
            fields[.contentType] = "application/json"
            if let token { fields[.authorization] = token }
            let response = try await client.execute(
                HTTPClientRequest(method: method, url: url, headerFields: fields, body: body.serializedBytes()))
            return (response.status.code, try? JSONParser().parse(response.body))
        }
    }

    @Test("a test subscribes to PocketBase realtime, writes a record and awaits its event")
    func pocketBaseRealtime() async throws {
        try await withFakeBackend(contract: "Contracts/blog/contract.yaml") { backend in
            let base = backend.url.absoluteString
            let stream = try await backend.events(at: "/api/realtime")
            defer { stream.close() }
            #expect(stream.status == 200)
            #expect(stream.headers["content-type"] == "text/event-stream")
            let connect = try await stream.next()
            #expect(connect.name == "PB_CONNECT")
            let subscribed = try await Self.send(
                .post, base + "/api/realtime", body: ["clientId": .string(connect.id), "subscriptions": ["posts/*"]])
            #expect(subscribed.0 == 204)
            let (_, auth) = try await Self.send(
                .post, base + "/api/collections/_superusers/auth-with-password",
                body: ["identity": "admin@example.com", "password": "admin-password-123"])
            let token = try #require(auth?.objectValue?["token"]?.stringValue)
            let (created, _) = try await Self.send(
                .post, base + "/api/collections/posts/records", body: ["title": "Live", "status": "published"],
                token: token)
            #expect(created == 200)
            let event = try await stream.next()
            #expect(event.name == "posts/*")
            #expect(event.id == connect.id)
            let data = try JSONParser().parse(Array(event.data.utf8))
            #expect(data["action"] == "create")
            #expect(data["record"]?["title"] == "Live")
            let journal = backend.control.requests(path: "/api/realtime")
            #expect(journal.map(\.method) == ["GET", "POST"])
            #expect(journal.map(\.status) == [200, 204], "the stream's entry completes when it opens")
            let (resubscribed, _) = try await Self.send(
                .post, base + "/api/realtime", body: ["clientId": .string(connect.id), "subscriptions": ["posts/*"]],
                token: token)
            #expect(resubscribed == 204, "a guest client may bind the superuser")
            let authorization = backend.control.requests(method: "POST", path: "/api/realtime").last?.headers
                .first { $0.name.lowercased() == "authorization" }?.value
            #expect(authorization != nil && authorization != token, "the journal masks the token")
        }
    }

    @Test("dropStreams() ends the stream, as a server restart would")
    func dropped() async throws {
        try await withFakeBackend(contract: "Contracts/blog/contract.yaml") { backend in
            let stream = try await backend.events(at: "/api/realtime")
            _ = try await stream.next()
            #expect(backend.control.dropStreams() == 1)
            await #expect(throws: ServerSentEventsError.self) { try await stream.next(timeout: .seconds(2)) }
        }
    }
}
