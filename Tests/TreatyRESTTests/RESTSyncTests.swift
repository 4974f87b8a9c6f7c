import Foundation
import HTTPTypes
import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@Suite struct RESTSyncTests {
    let server = DemoServer()

    @Test("RS-MD-4/RS-IN-1: the spec's round trip: cursor, PATCH T2, DELETE T3, feed has exactly both")
    func roundTrip() throws {
        let cursor = "2025-01-01T10:00:00.000Z"
        #expect(server.send(.patch, DemoID.task(DemoID.t2), ["title": "Rotate keys now"]).status == 200)
        let deleted = server.send(.delete, DemoID.task(DemoID.t3))
        #expect(deleted.status == 204 && deleted.bytes.isEmpty)
        #expect(server.send(.get, DemoID.task(DemoID.t3)).status == 404)
        #expect(server.send(.patch, DemoID.task(DemoID.t3), ["title": "x"]).status == 404)
        let feed = server.send(.get, DemoID.tasksP1 + "?updated_after=" + cursor)
        let items = try #require(feed.json?.arrayValue)
        #expect(items.map { $0["id"]?.stringValue } == [DemoID.t2, DemoID.t3])
        #expect(items[1]["deleted_at"] == "2025-01-01T10:00:00.002Z")
        #expect(feed.headers[.init("Sync-Cursor")!] == "2025-01-01T10:00:00.002Z")
        let versions = try #require(server.send(.get, DemoID.tasksP1 + "?since_version=13").json?.arrayValue)
        #expect(versions.map { $0["version"] } == [14, 15])
        #expect(server.send(.get, DemoID.tasksP1).json?.arrayValue?.count == 2)
    }

    @Test("an empty feed echoes the request's cursor; full lists carry none")
    func cursors() {
        let empty = server.send(.get, DemoID.tasksP1 + "?since=2025-01-01T10:00:00.000Z")
        #expect(empty.json == [])
        #expect(empty.headers[.init("Sync-Cursor")!] == "2025-01-01T10:00:00.000Z")
        #expect(server.send(.get, DemoID.tasksP1).headers[.init("Sync-Cursor")!] == nil)
    }

    @Test("RS-IN-4: an expired cursor is 410, a malformed one 400; since_version=0 is fine")
    func expiredCursor() {
        let expired = server.send(.get, DemoID.tasksP1 + "?updated_after=2000-01-01T00:00:00.000Z")
        #expect(expired.status == 410 && expired.errorCode == "cursor_expired")
        #expect(server.send(.get, DemoID.tasksP1 + "?updated_after=yesterday").errorCode == "invalid_query")
        #expect(server.send(.get, DemoID.tasksP1 + "?since_version=0").status == 200)
    }

    @Test("on the wall clock, an app's second incremental sync from a fixture-time cursor is answered, not 410")
    func wallClockSecondSync() throws {
        let server = DemoServer(clock: .system)
        let first = server.send(.get, DemoID.tasksP1 + "?updated_after=2025-01-01T10:00:00.000Z")
        #expect(first.status == 200)
        let cursor = try #require(first.headers[.init("Sync-Cursor")!])
        #expect(server.send(.patch, DemoID.task(DemoID.t2), ["title": "Rotate keys now"]).status == 200)
        let second = server.send(.get, DemoID.tasksP1 + "?updated_after=" + cursor)
        #expect(second.status == 200)
        #expect(second.json?.arrayValue?.map { $0["id"]?.stringValue } == [DemoID.t2])
        let tooOld = server.send(.get, DemoID.tasksP1 + "?updated_after=2024-11-01T00:00:00.000Z")
        #expect(tooOld.status == 410 && tooOld.errorCode == "cursor_expired")
    }

    @Test("two runs of the same requests give byte-identical responses")
    func deterministic() {
        func run() -> [[UInt8]] {
            let server = DemoServer(seed: 7)
            return [
                server.send(.patch, DemoID.task(DemoID.t1), ["title": "A"]).bytes,
                server.send(.post, DemoID.tasksP1, .object(newTask())).bytes,
                server.send(.delete, DemoID.task(DemoID.t2)).bytes,
                server.send(.get, DemoID.tasksP1 + "?updated_after=2025-01-01T10:00:00.000Z").bytes,
            ]
        }
        #expect(run() == run())
    }

    @Test("1,000 concurrent PATCHes on one record lose no update and get distinct versions")
    func concurrentPatches() throws {
        let store = server.store
        let versions = Mutex<[Int64]>([])
        DispatchQueue.concurrentPerform(iterations: 1_000) { index in
            guard
                let record = try? store.update("task", id: DemoID.t1, patch: ["position": .number(JSONNumber(index))]),
                let version = record["version"]?.numberValue?.int64Value
            else { return }
            versions.withLock { $0.append(version) }
        }
        let all = versions.withLock { $0 }
        #expect(all.count == 1_000)
        #expect(Set(all).count == 1_000)
        #expect(store.currentVersion == 13 + 1_000)
    }

    @Test("snapshots restore and reset returns to the fixtures")
    func snapshots() {
        let original = server.send(.get, DemoID.tasksP1).bytes
        server.store.snapshot(named: "before")
        _ = server.send(.delete, DemoID.task(DemoID.t1))
        #expect(server.store.restore(named: "before"))
        #expect(server.send(.get, DemoID.tasksP1).bytes == original)
        _ = server.send(.delete, DemoID.task(DemoID.t1))
        server.store.reset()
        #expect(server.send(.get, DemoID.tasksP1).bytes == original)
        #expect(!server.store.restore(named: "missing"))
    }
}
