import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

/// Single-record answers are kept serialized at the revisions they were read from; every
/// write, delete, restore or reset must show, and a record is never answered under another
/// parent.
@Suite struct RESTRecordViewCacheTests {
    let server = DemoServer()

    func title(_ id: String) -> String? {
        server.send(.get, DemoID.task(id)).json?["title"]?.stringValue
    }

    @Test("a repeated read answers the same bytes; a PATCH, a change to another record and a delete show at once")
    func writesShow() throws {
        let first = server.send(.get, DemoID.task(DemoID.t1)).bytes
        #expect(server.send(.get, DemoID.task(DemoID.t1)).bytes == first)
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["title": "Renamed"]).status == 200)
        #expect(title(DemoID.t1) == "Renamed")
        #expect(server.send(.patch, DemoID.task(DemoID.t2), ["title": "Other"]).status == 200)
        #expect(title(DemoID.t1) == "Renamed", "a write to another record leaves this one's answer right")
        #expect(server.send(.delete, DemoID.task(DemoID.t1)).status < 300)
        #expect(server.send(.get, DemoID.task(DemoID.t1)).status == 404)
    }

    @Test("a kept record is not found under another parent")
    func scopes() {
        #expect(server.send(.get, DemoID.task(DemoID.t1)).status == 200)
        #expect(server.send(.get, "/projects/\(DemoID.p2)/tasks/\(DemoID.t1)").status == 404)
    }

    @Test("restoring a snapshot and resetting bring the matching record back")
    func restoreAndReset() {
        let original = server.send(.get, DemoID.task(DemoID.t1)).bytes
        server.store.snapshot(named: "before")
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["title": "Renamed"]).status == 200)
        #expect(server.send(.get, DemoID.task(DemoID.t1)).bytes != original)
        #expect(server.store.restore(named: "before"))
        #expect(server.send(.get, DemoID.task(DemoID.t1)).bytes == original)
        #expect(server.send(.patch, DemoID.task(DemoID.t1), ["title": "Again"]).status == 200)
        server.store.reset()
        #expect(server.send(.get, DemoID.task(DemoID.t1)).bytes == original)
    }
}
