import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

/// Full lists are serialized once per table content; every write, restore or reset must show.
@Suite struct RESTFullListCacheTests {
    let server = DemoServer()

    func titles(_ path: String = DemoID.tasksP1) -> [String]? {
        server.send(.get, path).json?.arrayValue?.compactMap { $0["title"]?.stringValue }
    }

    @Test("a repeated full list answers the same bytes; a write to the resource shows at once")
    func writesShow() throws {
        let first = server.send(.get, DemoID.tasksP1).bytes
        #expect(server.send(.get, DemoID.tasksP1).bytes == first)
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["title": "Renamed"]).status == 200)
        #expect(titles()?.first == "Renamed")
        #expect(server.send(.delete, DemoID.task(DemoID.t2)).status < 300)
        #expect(titles()?.count == 2)
        #expect(server.send(.post, DemoID.tasksP1, .object(newTask())).status == 201)
        #expect(titles()?.count == 3)
    }

    @Test("each parent's list is its own")
    func scopes() {
        let p1 = server.send(.get, DemoID.tasksP1).bytes
        let p2 = server.send(.get, "/projects/\(DemoID.p2)/tasks").bytes
        #expect(p1 != p2)
        #expect(server.send(.get, DemoID.tasksP1).bytes == p1)
    }

    @Test("restoring a snapshot and resetting bring the matching list back")
    func restoreAndReset() {
        let original = server.send(.get, DemoID.tasksP1).bytes
        server.store.snapshot(named: "before")
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["title": "Renamed"]).status == 200)
        #expect(server.send(.get, DemoID.tasksP1).bytes != original)
        #expect(server.store.restore(named: "before"))
        #expect(server.send(.get, DemoID.tasksP1).bytes == original)
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["title": "Again"]).status == 200)
        server.store.reset()
        #expect(server.send(.get, DemoID.tasksP1).bytes == original)
    }
}
