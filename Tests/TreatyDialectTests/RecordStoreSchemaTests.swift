import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON

/// Resources defined and removed while the store runs, and hard deletes for resources without
/// a tombstone key (what PocketBase collections need).
@Suite struct RecordStoreSchemaTests {
    /// A PocketBase-like collection: server ids allowed, no version, no tombstone.
    static func notes(extraField: Bool = false) -> Resource {
        var fields = [Field(name: "text", kind: .attribute(.string, key: "text"), required: true)]
        if extraField { fields.append(Field(name: "pinned", kind: .attribute(.bool, key: "pinned"), nullable: true)) }
        return Resource(
            name: "note", identity: Identity(key: "id", type: .string), create: .either, fields: fields,
            sync: SyncMetadata(createdAt: "created", updatedAt: "updated", version: nil, tombstone: nil))
    }

    @Test("a resource defined at runtime takes records, and reset returns to the contract's resources")
    func defineAndReset() throws {
        let store = DemoStore.make()
        #expect(store.resource(named: "note") == nil)
        store.define(Self.notes())
        #expect(store.resources.map(\.name).contains("note"))
        let created = try store.create("note", body: ["id": "n1", "text": "hello"])
        #expect(created["text"] == "hello")
        #expect(try store.list("note").records.count == 1)
        store.reset()
        #expect(store.resource(named: "note") == nil)
        #expect(throws: StoreError.self) { try store.list("note") }
        #expect(try store.list("user").records.count == 3)
    }

    @Test("changing a resource keeps values of kept keys and adds empty values for new ones")
    func redefine() throws {
        let store = DemoStore.make()
        store.define(Self.notes())
        _ = try store.create("note", body: ["id": "n1", "text": "hello"])
        store.define(Self.notes(extraField: true))
        let record = try store.get("note", id: "n1")
        #expect(record["text"] == "hello")
        #expect(record["pinned"] == .null)
        store.define(Self.notes())
        #expect(try store.get("note", id: "n1")["pinned"] == nil)
    }

    @Test("snapshots keep schema changes, and removing a resource drops its records")
    func snapshotAndRemove() throws {
        let store = DemoStore.make()
        store.define(Self.notes())
        _ = try store.create("note", body: ["id": "n1", "text": "hello"])
        store.snapshot(named: "with-notes")
        try store.removeResource(named: "note")
        #expect(store.resource(named: "note") == nil)
        #expect(throws: StoreError.self) { try store.removeResource(named: "note") }
        #expect(store.restore(named: "with-notes"))
        #expect(try store.get("note", id: "n1")["text"] == "hello")
    }

    @Test("without a tombstone key a delete is for good: the id is free again and the list keeps its order")
    func hardDelete() throws {
        let store = DemoStore.make()
        store.define(Self.notes())
        for id in ["n1", "n2", "n3"] { _ = try store.create("note", body: ["id": .string(id), "text": "x"]) }
        try store.delete("note", id: "n2")
        #expect(throws: StoreError.self) { try store.get("note", id: "n2") }
        #expect(store.dump("note")?.count == 2)
        _ = try store.create("note", body: ["id": "n2", "text": "again"])
        #expect(try store.list("note").records.compactMap { $0["id"]?.stringValue } == ["n1", "n3", "n2"])
    }

    @Test("an atomic batch that fails after a hard delete puts the record back in its place")
    func hardDeleteRollback() throws {
        let store = DemoStore.make()
        store.define(Self.notes())
        for id in ["n1", "n2", "n3"] { _ = try store.create("note", body: ["id": .string(id), "text": "x"]) }
        let before = store.dump("note")
        let result = store.apply(
            [.delete("note", id: "n2"), .create("note", body: ["id": "n1", "text": "duplicate"])], mode: .atomic)
        #expect(result.failure?.index == 1)
        #expect(store.dump("note") == before)
        #expect(try store.list("note").records.compactMap { $0["id"]?.stringValue } == ["n1", "n2", "n3"])
    }
}
