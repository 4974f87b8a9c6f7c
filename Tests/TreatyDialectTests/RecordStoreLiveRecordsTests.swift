import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

/// `liveRecords(of:)`: the records query engines read, named by a revision that caches key on.
@Suite struct RecordStoreLiveRecordsTests {
    @Test("without a write in between, the revision and the records stay the same")
    func stable() throws {
        let store = DemoStore.make()
        let first = try store.liveRecords(of: "user")
        let second = try store.liveRecords(of: "user")
        #expect(first.revision == second.revision)
        #expect(first.records == second.records)
        #expect(first.records.map { $0["id"] } == (try store.list("user").records.map { $0["id"] }))
    }

    @Test("every write gives a new revision; a refused write and writes elsewhere do not")
    func writes() throws {
        let store = DemoStore.make()
        store.define(RecordStoreSchemaTests.notes())
        var seen: Set<UInt64> = [try store.liveRecords(of: "note").revision]
        _ = try store.create("note", body: ["id": "n1", "text": "one"])
        #expect(seen.insert(try store.liveRecords(of: "note").revision).inserted)
        _ = try store.update("note", id: "n1", patch: ["text": "two"])
        let afterUpdate = try store.liveRecords(of: "note")
        #expect(seen.insert(afterUpdate.revision).inserted)
        #expect(afterUpdate.records.first?["text"] == "two")
        #expect(throws: StoreError.self) { try store.update("note", id: "n1", patch: ["text": 5]) }
        _ = try store.update("user", id: (try store.list("user").records[0]["id"]?.stringValue)!, patch: [:])
        #expect(try store.liveRecords(of: "note").revision == afterUpdate.revision)
        _ = try store.delete("note", id: "n1")
        let afterDelete = try store.liveRecords(of: "note")
        #expect(seen.insert(afterDelete.revision).inserted)
        #expect(afterDelete.records.isEmpty)
    }

    @Test("a restore or reset brings back a revision with the records it named; other contents get new ones")
    func restoreAndReset() throws {
        let store = DemoStore.make()
        let startUsers = try store.liveRecords(of: "user")
        store.define(RecordStoreSchemaTests.notes())
        _ = try store.create("note", body: ["id": "n1", "text": "one"])
        let saved = try store.liveRecords(of: "note")
        store.snapshot(named: "one")
        _ = try store.create("note", body: ["id": "n2", "text": "two"])
        #expect(try store.liveRecords(of: "note").revision != saved.revision)
        #expect(store.restore(named: "one"))
        let restored = try store.liveRecords(of: "note")
        #expect(restored.revision == saved.revision && restored.records == saved.records)
        _ = try store.update("user", id: DemoID.u1, patch: ["display_name": "Ava B."])
        let changedUsers = try store.liveRecords(of: "user")
        #expect(changedUsers.revision != startUsers.revision)
        store.reset()
        let resetUsers = try store.liveRecords(of: "user")
        #expect(resetUsers.revision == startUsers.revision && resetUsers.records == startUsers.records)
        store.define(RecordStoreSchemaTests.notes())
        #expect(try store.liveRecords(of: "note").revision != saved.revision)
    }

    @Test("an unknown resource is not_found")
    func unknown() {
        #expect(throws: StoreError.self) { try DemoStore.make().liveRecords(of: "nothing") }
    }
}
