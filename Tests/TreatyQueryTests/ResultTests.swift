import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

@Suite struct ResultTests {
    let data = Blog.data()
    let byViews = Query("posts", where: .cond(Condition("views", .isNotNull)), order: [OrderKey("views")])

    @Test(
        "find pages through the ordered matches; limit 0 means all",
        arguments: [
            (0, 0, ["p5", "p2", "p3", "p1"]),
            (1, 2, ["p2", "p3"]),
            (3, 0, ["p1"]),
            (3, 10, ["p1"]),
            (9, 1, []),
        ])
    func paging(offset: Int, limit: Int, expected: [String]) throws {
        let query = try byViews.compiled(with: Blog.schema)
        let ids = try query.findIDs(in: data, offset: offset, limit: limit, environment: Blog.environment)
        #expect(ids.compactMap(\.stringValue) == expected)
    }

    @Test("the query's own offset and limit apply unless find overrides them")
    func queryPage() throws {
        let query = try byViews.paged(offset: 1, limit: 1).compiled(with: Blog.schema)
        #expect(try query.findIDs(in: data, environment: Blog.environment) == ["p2"])
        #expect(try query.findIDs(in: data, offset: 0, environment: Blog.environment) == ["p5"])
        #expect(try query.count(in: data, environment: Blog.environment) == 4)
        let negative = #expect(throws: QueryError.self) {
            try query.find(in: data, limit: -1, environment: Blog.environment)
        }
        #expect(negative?.kind == .invalidPage)
    }

    @Test("findFirst, findUnique and count")
    func single() throws {
        let query = try byViews.compiled(with: Blog.schema)
        #expect(try query.findFirst(in: data, environment: Blog.environment)?["id"] == "p5")
        let one = try Query("posts", where: .cond(Condition("title", .eq, "alpha"))).compiled(with: Blog.schema)
        #expect(try one.findUnique(in: data, environment: Blog.environment)?["id"] == "p5")
        let none = try Query("posts", where: .cond(Condition("title", .eq, "zzz"))).compiled(with: Blog.schema)
        #expect(try none.findUnique(in: data, environment: Blog.environment) == nil)
        #expect(try none.findFirst(in: data, environment: Blog.environment) == nil)
        #expect(try none.count(in: data, environment: Blog.environment) == 0)
        let error = #expect(throws: QueryError.self) { try query.findUnique(in: data, environment: Blog.environment) }
        #expect(error?.description == "non_unique: 4 'posts' records match; expected at most one")
    }

    @Test("remove hands the matching ids to the remover and returns its count")
    func remove() throws {
        let drafts = try Query("posts", where: .cond(Condition("draft", .ne, true, nullMatches: true)))
            .compiled(with: Blog.schema)
        #expect(try drafts.remove(in: data, using: data, environment: Blog.environment) == 4)
        #expect(data.records(of: "posts").compactMap { $0["id"]?.stringValue } == ["p3"])
        #expect(try drafts.remove(in: data, using: data, environment: Blog.environment) == 0)
    }

    @Test("a remover decides what removal means")
    func customRemover() throws {
        struct Refusing: QueryRecordRemover {
            struct Refused: Error {}
            func removeRecords(withIDs ids: [JSONValue], of resource: String) throws -> Int { throw Refused() }
        }
        let all = try Query("posts").compiled(with: Blog.schema)
        #expect(throws: Refusing.Refused.self) {
            try all.remove(in: data, using: Refusing(), environment: Blog.environment)
        }
        #expect(data.records(of: "posts").count == 5)
    }
}
