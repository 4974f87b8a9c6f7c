import Testing
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@Suite struct RecordStoreLastWriterWinsTests {
    let store = DemoStore.make()

    func upsert(_ id: String, _ record: JSONObject, at time: String) -> BatchResult.Outcome {
        store.apply(
            [.upsertIfNewer("task", id: id, record: .object(record), updatedAt: DemoStore.ms(time))], mode: .independent
        )
        .outcomes[0]
    }

    func delete(_ id: String, at time: String) -> BatchResult.Outcome {
        store.apply([.deleteIfNewer("task", id: id, updatedAt: DemoStore.ms(time))], mode: .independent).outcomes[0]
    }

    @Test("an upsert of a new id creates it with the client's edit time; an identical retry is stale")
    func createThenRetry() throws {
        var body = taskBody(project: DemoID.p1)
        body["created_at"] = nil
        body["updated_at"] = nil
        let created = upsert(DemoID.new1, body, at: "2025-03-01T00:00:00.000Z")
        #expect(created.isApplied)
        #expect(created.record?["updated_at"] == "2025-03-01T00:00:00.000Z")
        #expect(created.record?["created_at"] == "2025-03-01T00:00:00.000Z")
        #expect(created.record?["version"] == 14)
        let retry = upsert(DemoID.new1, body, at: "2025-03-01T00:00:00.000Z")
        #expect(retry == .stale(try #require(created.record)))
        #expect(store.currentVersion == 14)
    }

    @Test("a newer upsert patches the stored record; an older or equal one is stale with the server row")
    func newerWins() throws {
        let t1 = try store.get("task", id: DemoID.t1)
        let older = upsert(
            DemoID.t1, ["title": "Old", "project_id": .string(DemoID.p1)], at: "2025-01-01T04:59:59.999Z")
        #expect(older == .stale(t1))
        #expect(upsert(DemoID.t1, ["title": "Tie"], at: "2025-01-01T05:00:00.000Z") == .stale(t1))
        let newer = upsert(
            DemoID.t1, ["title": "New", "project_id": .string(DemoID.p1)], at: "2025-01-01T05:00:00.001Z")
        #expect(newer.record?["title"] == "New")
        #expect(newer.record?["watcher_ids"] == t1["watcher_ids"])
        #expect(newer.record?["updated_at"] == "2025-01-01T10:00:00.001Z" && newer.record?["version"] == 14)
    }

    @Test("edits resolve by the clients' edit times, however late they upload")
    func lastEditWins() throws {
        #expect(upsert(DemoID.t1, ["title": "A"], at: "2025-01-01T06:00:00.000Z").isApplied)
        #expect(upsert(DemoID.t1, ["title": "B"], at: "2025-01-01T07:00:00.000Z").isApplied)
        #expect(upsert(DemoID.t1, ["title": "A again"], at: "2025-01-01T06:00:00.000Z").isStale)
        #expect(try store.get("task", id: DemoID.t1)["title"] == "B")
        _ = try store.update("task", id: DemoID.t1, patch: ["title": "Server"])
        #expect(upsert(DemoID.t1, ["title": "C"], at: "2025-01-01T09:00:00.000Z").isStale)
    }

    @Test("a newer upsert revives a tombstone; an older one leaves it deleted")
    func revival() throws {
        let tombstone = try #require(store.dump("task")?.last)
        #expect(upsert(DemoID.t5, ["title": "Too old"], at: "2025-01-01T10:00:00.000Z") == .stale(tombstone))
        #expect(throws: StoreError.self) { try store.get("task", id: DemoID.t5) }
        let revived = upsert(DemoID.t5, ["title": "Back"], at: "2025-01-01T11:00:00.000Z")
        #expect(revived.record?["deleted_at"] == .null && revived.record?["title"] == "Back")
        #expect(try store.get("task", id: DemoID.t5)["title"] == "Back")
        #expect(try store.list("task", scope: DemoStore.p1Scope).records.count == 4)
    }

    @Test("delete-if-newer: absent ids and tombstones are applied, older deletes are stale")
    func deletes() throws {
        #expect(delete(DemoID.new1, at: "2025-01-01T00:00:00.000Z") == .applied(nil))
        let t1 = try store.get("task", id: DemoID.t1)
        #expect(delete(DemoID.t1, at: "2025-01-01T05:00:00.000Z") == .stale(t1))
        let deleted = delete(DemoID.t1, at: "2025-01-01T05:30:00.000Z")
        #expect(deleted.record?["deleted_at"] == "2025-01-01T10:00:00.001Z" && deleted.record?["version"] == 14)
        #expect(delete(DemoID.t1, at: "2025-01-01T05:30:00.000Z") == deleted)
        #expect(delete(DemoID.t1, at: "2025-01-01T08:00:00.000Z") == deleted)
        #expect(store.currentVersion == 14)
        #expect(upsert(DemoID.t1, ["title": "Between"], at: "2025-01-01T07:00:00.000Z").isStale)
        #expect(upsert(DemoID.t1, ["title": "After"], at: "2025-01-01T08:00:00.001Z").isApplied)
    }

    @Test("an upsert may not move a record to another parent")
    func parentIsImmutable() {
        let moved = upsert(DemoID.t1, ["project_id": .string(DemoID.p2)], at: "2026-01-01T00:00:00.000Z")
        #expect(
            moved
                == .failed(StoreError(.immutableField, field: "project_id", "'project_id' cannot change after create")))
    }
}
