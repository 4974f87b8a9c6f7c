import HTTPTypes
import Testing
import TreatyCore
import TreatyJSON
import TreatyRules
import TreatyTestSupport

@Suite struct RESTReadTests {
    let server = DemoServer()

    @Test("top-level lists are bare arrays of every live record")
    func topLevelLists() {
        #expect(server.send(.get, "/users").json?.arrayValue?.count == 3)
        #expect(server.send(.get, "/projects").json?.arrayValue?.count == 2)
        #expect(server.send(.get, "/tags").json?.arrayValue?.count == 3)
        #expect(server.send(.get, "/users").headers[.contentType] == "application/json")
    }

    @Test("P1's tasks are T1, T2, T3: ordered by position then id, tombstoned T5 and P2's T4 left out")
    func scopedList() {
        let ids = server.send(.get, DemoID.tasksP1).json?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(ids == [DemoID.t1, DemoID.t2, DemoID.t3])
    }

    @Test("every answer conforms to the contract's rules", arguments: [
        "GET \(DemoID.tasksP1)", "GET \(DemoID.task(DemoID.t2))", "GET /users", "GET /projects", "GET /tags",
    ])
    func conforms(request: String) throws {
        let path = String(request.dropFirst(4))
        let reply = server.send(.get, path)
        #expect(reply.status == 200)
        let target = try EndpointReference.resolve(request, in: DemoFiles.contract)
        var checker = ConformanceChecker(plan: try CheckPlan(contract: DemoFiles.contract, target: target))
        let violations = checker.check(payload: try #require(reply.json))
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("T2 carries explicit nulls and an empty watcher list")
    func explicitNulls() throws {
        let t2 = try #require(server.send(.get, DemoID.task(DemoID.t2)).json)
        #expect(t2["assignee_id"] == .null)
        #expect(t2["description"] == .null)
        #expect(t2["watcher_ids"] == [])
    }

    @Test("scoped identity: T1 under P2, an unknown parent and a tombstone are all 404 not_found", arguments: [
        DemoID.task(DemoID.t1, in: DemoID.p2), "/projects/00000000-0000-4000-8000-000000000000/tasks", DemoID.task(DemoID.t5),
    ])
    func notFound(path: String) {
        let reply = server.send(.get, path)
        #expect(reply.status == 404)
        #expect(reply.errorCode == "not_found")
        #expect(reply.json?["error"]?["field"] == .null)
    }

    @Test("unknown routes are 404, known paths with another method 405 with Allow")
    func routing() {
        #expect(server.send(.get, "/nowhere").status == 404)
        let wrong = server.send(.delete, "/users")
        #expect(wrong.status == 405)
        #expect(wrong.headers[.allow] == "GET")
        #expect(wrong.errorCode == "method_not_allowed")
    }
}
