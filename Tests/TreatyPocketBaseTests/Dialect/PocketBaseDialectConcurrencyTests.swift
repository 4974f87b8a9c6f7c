import Dispatch
import HTTPTypes
import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// PocketBase's multi-step writes run as store transactions, with the dialect's state lock taken
/// inside them: concurrent schema changes, record writes and batches all finish, and a reader
/// never sees a batch half done.
@Suite(.timeLimit(.minutes(2))) struct PocketBaseDialectConcurrencyTests: InProcessPocketBase {
    let dialect = PocketBaseDialect()
    let store = RecordStore(contract: PocketBaseDialect.emptyContract)

    /// A superuser's token, batches enabled and a `notes` collection.
    func seed() throws -> String {
        let (_, body) = try send(
            .post, "/api/collections/_superusers/auth-with-password",
            json: ["identity": "admin@example.com", "password": "admin-password-123"])
        let superuser = try #require(body["token"]?.stringValue)
        try #require(try send(.patch, "/api/settings", json: ["batch": ["enabled": true]], token: superuser).0 == 200)
        let (created, _) = try send(
            .post, "/api/collections",
            json: ["name": "notes", "type": "base", "fields": [["name": "title", "type": "text"]]],
            token: superuser)
        try #require(created == 200)
        return superuser
    }

    func batch(_ titles: [String], failing: Bool) -> JSONValue {
        var requests: [JSONValue] = titles.map { title in
            ["method": "POST", "url": "/api/collections/notes/records", "body": ["title": .string(title)]]
        }
        if failing { requests.append(["method": "POST", "url": "/api/collections/nope/records", "body": [:]]) }
        return ["requests": .array(requests)]
    }

    @Test("schema changes, record writes and batches from many threads all finish, and none is lost")
    func oneLockOrder() throws {
        let superuser = try seed()
        let rounds = 60
        DispatchQueue.concurrentPerform(iterations: rounds) { round in
            switch round % 3 {
            case 0:
                _ = try? send(
                    .post, "/api/collections/notes/records", json: ["title": .string("single \(round)")],
                    token: superuser)
            case 1:
                let name = "scratch\(round)"
                _ = try? send(
                    .post, "/api/collections", json: ["name": .string(name), "type": "base"], token: superuser)
                _ = try? send(.patch, "/api/collections/\(name)", json: ["listRule": ""], token: superuser)
                _ = try? send(.delete, "/api/collections/\(name)", token: superuser)
            default:
                _ = try? send(
                    .post, "/api/batch", json: batch(["a \(round)", "b \(round)"], failing: false), token: superuser)
            }
        }
        #expect(store.dump("notes")?.count == rounds / 3 + 2 * rounds / 3)
        #expect(store.resources.filter { $0.name.hasPrefix("scratch") }.isEmpty)
    }

    @Test("a reader never sees a failing batch's writes, even while it runs")
    func failingBatchInvisible() throws {
        let superuser = try seed()
        let rounds = 200
        let done = Atomic<Bool>(false)
        let seen = Mutex<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 2) { role in
            if role == 0 {
                for round in 0..<rounds {
                    _ = try? send(
                        .post, "/api/batch", json: batch(["doomed \(round)"], failing: true), token: superuser)
                }
                done.store(true, ordering: .releasing)
            } else {
                // Bounded, so a machine that runs both roles on one thread still finishes.
                for _ in 0..<(rounds * 50) where !done.load(ordering: .acquiring) {
                    let count = store.dump("notes")?.count ?? 0
                    seen.withLock { $0 = max($0, count) }
                }
            }
        }
        #expect(seen.withLock { $0 } == 0)
        #expect(store.dump("notes")?.count == 0)
    }
}
