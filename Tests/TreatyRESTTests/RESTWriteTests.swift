import HTTPTypes
import Testing
import TreatyCore
import TreatyJSON
import TreatyTestSupport

@Suite struct RESTWriteTests {
    let server = DemoServer()

    @Test("RS-NL-2: a PATCH with keys missing leaves them unchanged; updated_at and version advance")
    func missingKeysUnchanged() throws {
        let before = try #require(server.send(.get, DemoID.task(DemoID.t1)).json)
        let reply = server.send(.patch, DemoID.task(DemoID.t1), ["title": "Renamed", "updated_at": "1999-01-01T00:00:00.000Z"])
        #expect(reply.status == 200)
        let after = try #require(server.send(.get, DemoID.task(DemoID.t1)).json)
        #expect(after["title"] == "Renamed")
        #expect(after["assignee_id"] == before["assignee_id"])
        #expect(after["watcher_ids"] == before["watcher_ids"])
        #expect(after["updated_at"] == "2025-01-01T10:00:00.001Z")
        #expect(after["version"] == 14)
    }

    @Test("RS-NL-3/4/5: null clears; [] and null clear membership; lists are sets, sorted")
    func nullAndSets() throws {
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["assignee_id": nil]).json?["assignee_id"] == .null)
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["watcher_ids": nil]).json?["watcher_ids"] == [])
        let set = server.send(.patch, DemoID.task(DemoID.t1), ["watcher_ids": [.string(DemoID.u3), .string(DemoID.u2), .string(DemoID.u3)]])
        #expect(set.json?["watcher_ids"] == [.string(DemoID.u3), .string(DemoID.u2)])
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["tag_ids": []]).json?["tag_ids"] == [])
    }

    @Test("RS-NL-6/7: a refused write changes nothing", arguments: [
        (["title": JSONValue.null], "invalid_value", "title"),
        (["assignee_id": "00000000-0000-4000-8000-000000000000"], "invalid_reference", "assignee_id"),
        (["state": "doing", "title": "x"], "invalid_value", "state"),
        (["author_id": .string(DemoID.u2)], "immutable_field", "author_id"),
        (["project_id": .string(DemoID.p2)], "immutable_field", "project_id"),
        (["nonsense": 1], "invalid_value", "nonsense"),
    ] as [(JSONObject, String, String)])
    func refusedWrites(patch: JSONObject, code: String, field: String) throws {
        let before = server.send(.get, DemoID.task(DemoID.t1)).bytes
        let reply = server.send(.patch, DemoID.task(DemoID.t1), .object(patch))
        #expect(reply.status == 422)
        #expect(reply.errorCode == code)
        #expect(reply.errorField == .string(field))
        #expect(server.send(.get, DemoID.task(DemoID.t1)).bytes == before)
    }

    @Test("repeating an immutable field's current value is accepted")
    func immutableSameValue() {
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["author_id": .string(DemoID.u3)]).status == 200)
    }

    @Test("RS-CR-1/3: a client create needs id and timestamps; the stored ones are the client's")
    func clientCreate() throws {
        var body = newTask()
        body["id"] = nil
        let missing = server.send(.post, DemoID.tasksP1, .object(body))
        #expect(missing.status == 422 && missing.errorCode == "missing_field" && missing.errorField == "id")
        let created = server.send(.post, DemoID.tasksP1, .object(newTask()))
        #expect(created.status == 201)
        #expect(created.json?["created_at"] == "2025-02-01T08:00:00.000Z")
        #expect(created.json?["project_id"] == .string(DemoID.p1))
        #expect(server.send(.get, DemoID.tasksP1).json?.arrayValue?.count == 4)
    }

    @Test("RS-CR-2/5: duplicate ids, live or tombstoned, are refused; checks run in order", arguments: [DemoID.t1, DemoID.t5])
    func duplicates(id: String) {
        let reply = server.send(.post, DemoID.tasksP1, .object(newTask(id: id)))
        #expect(reply.status == 422 && reply.errorCode == "duplicate_id")
        var noCreatedAt = newTask(id: id)
        noCreatedAt["created_at"] = nil
        #expect(server.send(.post, DemoID.tasksP1, .object(noCreatedAt)).errorCode == "missing_field")
    }

    @Test("RS-CR-4/RS-PS-3: an unknown watcher or a parent mismatch creates nothing")
    func validateBeforeWrite() {
        var badWatcher = newTask()
        badWatcher["watcher_ids"] = ["00000000-0000-4000-8000-000000000000"]
        #expect(server.send(.post, DemoID.tasksP1, .object(badWatcher)).errorCode == "invalid_reference")
        var otherParent = newTask()
        otherParent["project_id"] = .string(DemoID.p2)
        #expect(server.send(.post, DemoID.tasksP1, .object(otherParent)).errorCode == "invalid_value")
        #expect(server.send(.get, DemoID.task("A0000000-0000-4000-8000-000000000001")).status == 404)
    }

    @Test("PUT replaces: the endpoint's fields it is not given are emptied, the others keep their values")
    func putReplaces() throws {
        let watchers = DemoID.task(DemoID.t1) + "/watchers"
        let set = server.send(.put, watchers, ["watcher_ids": [.string(DemoID.u2)]])
        #expect(set.status == 200 && set.json?["watcher_ids"] == [.string(DemoID.u2)])
        let emptied = server.send(.put, watchers, [:])
        #expect(emptied.status == 200)
        #expect(emptied.json?["watcher_ids"] == [])
        #expect(emptied.json?["title"] == "Add session timeout" && emptied.json?["tag_ids"] == [.string(DemoID.g1)])
        let refused = server.send(.put, watchers, ["title": "x"])
        #expect(refused.status == 422 && refused.errorField == "title")
    }

    @Test("malformed JSON is 400, a non-object body 422, a non-JSON content type 415")
    func badBodies() {
        #expect(server.send(.patch, DemoID.task(DemoID.t1), raw: "{\"title\":").errorCode == "malformed_json")
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["x"]).errorCode == "invalid_value")
        #expect(server.send(.patch, DemoID.task(DemoID.t1), raw: "title=x", contentType: "application/x-www-form-urlencoded").status == 415)
    }
}
