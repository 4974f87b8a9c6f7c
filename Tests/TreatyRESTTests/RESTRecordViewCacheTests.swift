import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@testable import TreatyREST

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

    @Test("two endpoints that nest different relations of the same record each answer their own shape")
    func shapesPerEndpoint() throws {
        let server = try RESTNestedRelationTests.server(
            endpoints: """
                - { method: POST, path: /users }
                - { method: POST, path: /cards }
                - { method: GET,  path: "/cards/{id}" }
                - { method: GET,  path: "/watched/cards/{id}", resource: card, shapes: { owner: fk, watchers: nested } }
                """)
        #expect(server.send(.post, "/users", RESTNestedRelationTests.user("U1", "Ava")).status == 201)
        let card = RESTNestedRelationTests.card("C1", ["owner_id": "U1", "watcher_ids": ["U1"]])
        #expect(server.send(.post, "/cards", card).status == 201)
        for _ in 0..<2 {
            let nested = try #require(server.send(.get, "/cards/C1").json)
            #expect(nested["owner"]?["id"] == "U1" && nested["watcher_ids"] == ["U1"])
            let watched = try #require(server.send(.get, "/watched/cards/C1").json)
            #expect(watched["owner_id"] == "U1" && watched["watchers"]?[0]?["display_name"] == "Ava")
        }
    }

    @Test("past its capacity the oldest answers go; an answer over a quarter of the byte limit is not kept")
    func bounds() throws {
        let contract = server.dialect.contract
        let endpoint = try #require(contract.endpoints.firstIndex { $0.method == "GET" && $0.returns == .one })
        let route = try #require(RESTRoute(endpoint: contract.endpoints[endpoint], contract: contract))
        let revisions = try RecordViews.Revisions(of: route, store: server.store)
        let views = RecordViews()
        func kept(_ id: String, parent: String? = nil) -> [UInt8]? {
            views.answer(endpoint: endpoint, parentID: parent, id: id, at: revisions)
        }
        for index in 0...RecordViews.capacity {
            views.keep([1], endpoint: endpoint, parentID: nil, id: "r\(index)", at: revisions)
        }
        #expect(kept("r0") == nil && kept("r\(RecordViews.capacity / 4 - 1)") == nil)
        #expect(kept("r\(RecordViews.capacity / 2)") == [1] && kept("r\(RecordViews.capacity)") == [1])
        #expect(kept("r\(RecordViews.capacity)", parent: "P1") == nil, "an answer is kept for its parent only")
        views.keep(
            Array(repeating: 0, count: RecordViews.byteLimit / 4), endpoint: endpoint, parentID: nil, id: "big",
            at: revisions)
        #expect(kept("big") == nil)
    }
}
