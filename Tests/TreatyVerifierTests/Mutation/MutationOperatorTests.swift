import HTTPTypes
import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON

/// Each shared operator changes what it claims, and nothing else, on a route whose answer keeps
/// records the way the anatomy says.
@Suite struct MutationOperatorTests {
    /// A list route answering `{"items": [...], "total": 2, "next": null}` with fields under
    /// `data`, and an item route answering one record.
    static let anatomy: MutationAnatomy = {
        let fields = [
            AnatomyField("id", .identifier), AnatomyField("display_name", .text), AnatomyField("count", .number),
            AnatomyField("seen_at", .timestamp), AnatomyField("owner_id", .reference),
            AnatomyField("tag_ids", .references),
        ]
        let list = AnswerRoute(
            name: "items.list", method: .get, path: path("/items"), resource: "item", role: .list, records: ["items"],
            fields: ["data"], fieldKeys: fields, total: ["total"], pageMarker: ["next"],
            parameters: [.query("sort", .sort), .query("limit", .limit), .query("since", .since),
                .body(["query", "find"], .find)],
            tombstone: ["data", "deleted_at"])
        let write = AnswerRoute(
            name: "item.update", method: .patch, path: path("/items/{id}"), resource: "item", role: .write,
            fields: ["data"], fieldKeys: fields, token: ["version"])
        return MutationAnatomy(
            prefix: "XY", spec: "xy.md", routes: [list, write], clauses: [.dropKey: "§3"],
            errorStatuses: [.badRequest, .notFound])
    }()

    static func path(_ text: String) -> PathTemplate {
        guard let template = PathTemplate(text) else { preconditionFailure("a valid template") }
        return template
    }

    static let record: JSONValue = [
        "version": 4,
        "data": [
            "id": "a1", "display_name": "Ada", "count": 3, "seen_at": "2025-01-01T09:00:00.123Z", "owner_id": "u1",
            "tag_ids": ["t1", "t2"], "note": nil, "empty_ids": [], "deleted_at": nil,
        ],
    ]
    static let tombstone: JSONValue = ["data": ["id": "a2", "deleted_at": "2025-01-02T00:00:00.000Z"]]
    static let listAnswer: JSONValue = ["items": [record, tombstone], "total": 2, "next": nil]

    static let store = RecordStore(
        contract: Contract(api: "xy", dialect: DialectID(rawValue: "xy"), resources: []), fixtures: FixtureSet())

    /// The mutant `id` of the test anatomy.
    func mutant(_ id: String) throws -> Mutant {
        try #require(Self.anatomy.mutants().first { $0.id == id }, "no mutant \(id)")
    }

    /// The answer of mutant `id` to `request`, when the real dialect answers `answer`.
    func answer(_ id: String, _ request: DialectRequest, real answer: JSONValue, status: Int = 200) throws -> JSONValue {
        let response = try mutant(id).respond(request, Self.store) { _ in
            DialectResponse(status: .init(code: status), body: answer.serializedBytes())
        }
        return try JSONParser().parse(response.body)
    }

    /// The request the real dialect sees when mutant `id` gets `request`.
    func forwarded(_ id: String, _ request: DialectRequest) throws -> DialectRequest {
        let seen = Mutex<DialectRequest?>(nil)
        _ = try mutant(id).respond(request, Self.store) { forwarded in
            seen.withLock { $0 = forwarded }
            return DialectResponse(status: .ok)
        }
        return try #require(seen.withLock { $0 })
    }

    static let listRequest = DialectRequest(method: .get, target: "/items?sort=-count&limit=5&since=12")
    static let patchRequest = DialectRequest(method: .patch, target: "/items/a1")

    func firstRecord(_ answer: JSONValue) -> JSONValue? { answer["items"]?[0]?["data"] }

    @Test("ids are deterministic: prefix, operator and site, sorted, unique")
    func ids() {
        let ids = Self.anatomy.mutants().map(\.id)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        #expect(ids.contains("XY-drop-key:item.display_name"))
        #expect(ids.contains("XY-parameter-ignored:items.list.sort"))
        #expect(ids.contains("XY-token-not-bumped:item.update"))
        #expect(!ids.contains("XY-recase-key:item.count"), "a one-word key has no other case")
    }

    @Test("the clause names the spec and the section the anatomy gives")
    func clauses() throws {
        #expect(try mutant("XY-drop-key:item.count").clause == "xy.md §3")
        #expect(try mutant("XY-page-short:items.list").clause == "xy.md")
    }

    @Test("record operators change one thing in every record of the resource's answers")
    func recordOperators() throws {
        let request = Self.listRequest
        let real = Self.listAnswer
        #expect(firstRecord(try answer("XY-drop-key:item.display_name", request, real: real))?["display_name"] == nil)
        let recased = firstRecord(try answer("XY-recase-key:item.display_name", request, real: real))
        #expect(recased?["displayName"] == "Ada" && recased?["display_name"] == nil)
        #expect(firstRecord(try answer("XY-null-as-missing:item", request, real: real))?.objectValue?.containsKey("note") == false)
        #expect(firstRecord(try answer("XY-empty-as-null:item", request, real: real))?["empty_ids"] == .null)
        #expect(firstRecord(try answer("XY-number-as-text:item", request, real: real))?["count"] == "3")
        #expect(
            firstRecord(try answer("XY-timestamp-without-fraction:item", request, real: real))?["seen_at"]
                == "2025-01-01T09:00:00Z")
        #expect(
            firstRecord(try answer("XY-timestamp-without-zone:item", request, real: real))?["seen_at"]
                == "2025-01-01T09:00:00.123")
        #expect(firstRecord(try answer("XY-id-reshaped:item", request, real: real))?["id"] == "A1")
        #expect(firstRecord(try answer("XY-reference-expanded:item.owner_id", request, real: real))?["owner_id"] == ["id": "u1"])
        #expect(firstRecord(try answer("XY-list-as-single:item.tag_ids", request, real: real))?["tag_ids"] == "t1")
        let patched = try answer("XY-drop-key:item.display_name", Self.patchRequest, real: Self.record)
        #expect(patched["data"]?["display_name"] == nil, "the write route of the resource too")
    }

    @Test("list operators reorder, shorten, lengthen and miscount the list")
    func listOperators() throws {
        let request = Self.listRequest
        let real = Self.listAnswer
        #expect(try answer("XY-reversed-order:items.list", request, real: real)["items"]?[0]?["data"]?["id"] == "a2")
        #expect(try answer("XY-page-short:items.list", request, real: real)["items"]?.arrayValue?.count == 1)
        #expect(try answer("XY-page-long:items.list", request, real: real)["items"]?.arrayValue?.count == 3)
        #expect(try answer("XY-total-off-by-one:items.list", request, real: real)["total"] == 3)
        #expect(try answer("XY-page-marker-wrong:items.list", request, real: real)["next"] == "treaty-mutant-marker")
        let feed = try answer("XY-tombstone-dropped:items.list", request, real: real)["items"]?.arrayValue
        #expect(feed?.count == 1 && feed?.first?["data"]?["id"] == "a1")
    }

    @Test("parameter operators rewrite the request the real dialect sees")
    func parameterOperators() throws {
        let ignored = try forwarded("XY-parameter-ignored:items.list.sort", Self.listRequest)
        #expect(ignored.queryValue("sort") == nil && ignored.queryValue("limit") == "5")
        #expect(ignored.rawQuery == "limit=5&since=12", "the raw query follows the items")
        #expect(try forwarded("XY-parameter-off-by-one:items.list.limit", Self.listRequest).queryValue("limit") == "6")
        #expect(try forwarded("XY-boundary-flipped:items.list.since", Self.listRequest).queryValue("since") == "11")
        let find = DialectRequest(
            method: .get, target: "/items", body: (["query": ["find": "x", "keep": 1]] as JSONValue).serializedBytes())
        let body = try JSONParser().parse(try forwarded("XY-parameter-ignored:items.list.find", find).body)
        #expect(body == ["query": ["keep": 1]])
        let other = try forwarded("XY-parameter-ignored:items.list.sort", DialectRequest(method: .get, target: "/other?sort=a"))
        #expect(other.queryValue("sort") == "a", "other routes pass unchanged")
    }

    @Test("a write's answer keeps the token it had before; errors change status or lose their envelope")
    func writeAndErrorOperators() throws {
        #expect(try answer("XY-token-not-bumped:item.update", Self.patchRequest, real: Self.record)["version"] == 3)
        let status = try mutant("XY-error-status:errors").respond(Self.patchRequest, Self.store) { _ in
            DialectResponse(status: .notFound, body: Array(#"{"error":"gone"}"#.utf8))
        }
        #expect(status.status == .badRequest)
        let envelope = try answer("XY-error-envelope:errors", Self.patchRequest, real: ["error": "x"], status: 404)
        #expect(envelope == ["message": "request failed"])
    }

    @Test("a write applied twice reaches the real dialect twice")
    func appliedTwice() throws {
        let calls = Mutex(0)
        _ = try mutant("XY-write-applied-twice:item.update").respond(Self.patchRequest, Self.store) { _ in
            calls.withLock { $0 += 1 }
            return DialectResponse(status: .ok)
        }
        #expect(calls.withLock { $0 } == 2)
    }

    @Test("a dialect without an anatomy makes no mutants")
    func noAnatomy() {
        #expect(MutationAnatomy.none.mutants().isEmpty)
    }
}
