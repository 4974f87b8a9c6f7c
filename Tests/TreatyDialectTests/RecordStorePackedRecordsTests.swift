import Foundation
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

/// The compact record layout: fixtures and stored records are packed under their resource's
/// declared keys, and read back exactly as written.
@Suite struct RecordStorePackedRecordsTests {
    @Test("fixtures load packed, and the store hands them out packed and unchanged")
    func fixturesArePacked() throws {
        let fixtures = try #require(FixtureLoader().load(directory: DemoFiles.fixturesPath, for: DemoFiles.contract).fixtures)
        let tasks = try #require(fixtures.records["task"])
        #expect(!tasks.isEmpty && tasks.allSatisfy { $0.isPacked })
        let store = RecordStore(contract: DemoFiles.contract, fixtures: fixtures)
        let stored = try #require(store.dump("task"))
        #expect(stored.allSatisfy { $0.isPacked })
        #expect(stored == tasks)
        let file = try Data(contentsOf: URL(fileURLWithPath: DemoFiles.fixturesPath + "/task.json"))
        let original = try #require(try JSONParser().parse(file).arrayValue)
        #expect(stored.map { JSONValue.object($0).serialized() } == original.map { $0.serialized() })
    }

    @Test("created, updated and completed records are stored packed with every declared key")
    func writesArePacked() throws {
        let store = DemoStore.make()
        let user = try store.list("user").records[0]
        let id = try #require(user["id"]?.stringValue)
        let updated = try store.update("user", id: id, patch: ["display_name": "Zoë \"Z\""])
        #expect(updated.isPacked)
        #expect(updated["display_name"] == "Zoë \"Z\"")
        #expect(try store.get("user", id: id) == updated)
        store.define(RecordStoreSchemaTests.notes())
        let created = try store.create("note", body: ["id": "n1", "text": "one"])
        #expect(created.isPacked)
        #expect(try store.get("note", id: "n1").keys == created.keys)
    }
}
