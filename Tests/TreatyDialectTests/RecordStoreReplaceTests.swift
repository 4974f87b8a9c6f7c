import Testing
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@Suite struct RecordStoreReplaceTests {
    let store = DemoStore.make()

    /// T1 as a full replacement that keeps only the required fields.
    var minimal: JSONObject {
        ["title": "Only this", "state": "done", "author_id": .string(DemoID.u3), "position": 4]
    }

    @Test("replace empties every writable field it is not given; identity and created_at stay")
    func clearsOmittedFields() throws {
        let before = try store.get("task", id: DemoID.t1)
        let record = try store.replace("task", id: DemoID.t1, scope: DemoStore.p1Scope, record: .object(minimal))
        #expect(record["title"] == "Only this" && record["state"] == "done" && record["position"] == 4)
        #expect(record["description"] == .null)
        #expect(record["assignee_id"] == .null)
        #expect(record["watcher_ids"] == [] && record["tag_ids"] == [])
        #expect(record["id"] == before["id"] && record["project_id"] == before["project_id"])
        #expect(record["author_id"] == before["author_id"] && record["created_at"] == before["created_at"])
        #expect(record["updated_at"] == "2025-01-01T10:00:00.001Z" && record["version"] == 14)
        #expect(record["deleted_at"] == .null)
        #expect(record.keys == before.keys)
        #expect(try store.get("task", id: DemoID.t1) == record)
    }

    @Test("replace sets what it is given, normalized like an update")
    func setsGivenFields() throws {
        var input = minimal
        input["watcher_ids"] = [.string(DemoID.u3), .string(DemoID.u2), .string(DemoID.u3)]
        input["description"] = "Kept"
        input["updated_at"] = "1999-01-01T00:00:00.000Z"
        input["version"] = 1
        let record = try store.replace("task", id: DemoID.t1, record: .object(input))
        #expect(record["watcher_ids"] == [.string(DemoID.u3), .string(DemoID.u2)])
        #expect(record["description"] == "Kept")
        #expect(record["updated_at"] == "2025-01-01T10:00:00.001Z" && record["version"] == 14)
    }

    @Test(
        "a refused replace changes nothing; checks run in update's order, required keys after immutable ones",
        arguments: [
            (["nonsense": 1, "author_id": .string(DemoID.u2)], "invalid_value", "nonsense"),
            (["author_id": .string(DemoID.u2)], "immutable_field", "author_id"),
            (["id": .string(DemoID.t2), "title": "x", "state": "todo", "position": 1], "immutable_field", "id"),
            (
                ["state": "todo", "position": 1, "assignee_id": "00000000-0000-4000-8000-000000000000"],
                "missing_field", "title"
            ),
            (
                ["title": "x", "state": "todo", "position": 1, "assignee_id": "00000000-0000-4000-8000-000000000000"],
                "invalid_reference", "assignee_id"
            ),
            (["title": " ", "state": "todo", "position": 1], "invalid_value", "title"),
            (
                ["title": "x", "state": "todo", "position": 1, "project_id": .string(DemoID.p2)], "immutable_field",
                "project_id"
            ),
        ] as [(JSONObject, String, String)])
    func refusals(input: JSONObject, code: String, field: String) throws {
        let before = store.dumpText()
        let version = store.currentVersion
        let error = #expect(throws: StoreError.self) {
            try store.replace("task", id: DemoID.t1, record: .object(input))
        }
        #expect(error?.code.rawValue == code)
        #expect(error?.field == field)
        #expect(store.dumpText() == before)
        #expect(store.currentVersion == version)
    }

    @Test("replace with an endpoint's writes touches only those fields")
    func writableSubset() throws {
        let record = try store.replace("task", id: DemoID.t1, record: [:], writable: ["watchers"])
        #expect(record["watcher_ids"] == [])
        #expect(record["title"] == "Add session timeout" && record["tag_ids"] == [.string(DemoID.g1)])
        let refused = #expect(throws: StoreError.self) {
            try store.replace("task", id: DemoID.t1, record: ["title": "x"], writable: ["watchers"])
        }
        #expect(refused?.code == .invalidValue && refused?.field == "title")
    }

    @Test("replace of a missing, deleted or other-parent record is not_found")
    func notFound() {
        for (id, scope) in [(DemoID.new1, nil), (DemoID.t5, nil), (DemoID.t4, DemoStore.p1Scope)] as [(String, Scope?)]
        {
            let error = #expect(throws: StoreError.self) {
                try store.replace("task", id: id, scope: scope, record: .object(minimal))
            }
            #expect(error?.code == .notFound)
        }
    }

    @Test("an expected version must match the stored one, for replace, update and delete")
    func expectedVersion() throws {
        for attempt in [
            { try store.replace("task", id: DemoID.t1, record: .object(minimal), expectedVersion: 8) },
            { try store.update("task", id: DemoID.t1, patch: ["title": "x"], expectedVersion: 8) },
            { try store.delete("task", id: DemoID.t1, expectedVersion: 8) },
        ] as [() throws -> JSONObject] {
            let error = #expect(throws: StoreError.self) { try attempt() }
            #expect(error?.code == .conflict)
        }
        #expect(try store.get("task", id: DemoID.t1)["version"] == 9)
        #expect(try store.replace("task", id: DemoID.t1, record: .object(minimal), expectedVersion: 9)["version"] == 14)
        #expect(try store.update("task", id: DemoID.t1, patch: ["title": "y"], expectedVersion: 14)["version"] == 15)
        #expect(try store.delete("task", id: DemoID.t1, expectedVersion: 15)["version"] == 16)
    }

    @Test("a create without a path scope takes the parent from the body and checks it")
    func unscopedCreate() throws {
        let missing = #expect(throws: StoreError.self) { try store.create("task", body: .object(taskBody())) }
        #expect(missing?.code == .missingField && missing?.field == "project_id")
        let unknown = #expect(throws: StoreError.self) {
            try store.create("task", body: .object(taskBody(project: "00000000-0000-4000-8000-000000000000")))
        }
        #expect(unknown?.code == .invalidReference && unknown?.field == "project_id")
        let created = try store.create("task", body: .object(taskBody(project: DemoID.p2)))
        #expect(created["project_id"] == .string(DemoID.p2))
        #expect(
            try store.get("task", id: DemoID.new1, scope: Scope(parent: "project", key: "project_id", id: DemoID.p2))
                == created
        )
    }
}
