import Testing
import TreatyJSON
import TreatyQuery

@testable import TreatyPocketBase
import TreatyTestSupport

@Suite struct SortParserTests {
    static func ids(_ sort: String, seed: UInt64 = 0) throws -> [String] {
        let order = try PocketBaseSort.parse(sort, schema: Blog.schema, resource: "posts", randomSeed: seed)
        return try Blog.ids(Query("posts", order: order))
    }

    @Test(
        "sort keys order records: empty values are the zero value (first ascending), strings by byte",
        arguments: [
            ("views", ["p5", "p4", "p2", "p3", "p1"]),
            ("-views", ["p1", "p3", "p2", "p4", "p5"]),
            ("+views", ["p5", "p4", "p2", "p3", "p1"]),
            (" views ", ["p5", "p4", "p2", "p3", "p1"]),
            ("title", ["p4", "p1", "p3", "p2", "p5"]),
            ("-published", ["p3", "p2", "p1", "p5", "p4"]),
            ("draft,-views", ["p1", "p2", "p4", "p5", "p3"]),
            ("author.name,views", ["p4", "p3", "p1", "p2", "p5"]),
            ("-@rowid", ["p5", "p4", "p3", "p2", "p1"]),
            ("@rowid", ["p1", "p2", "p3", "p4", "p5"]),
            ("", ["p1", "p2", "p3", "p4", "p5"]),
            ("views,,", ["p5", "p4", "p2", "p3", "p1"]),
        ])
    func order(sort: String, expected: [String]) throws {
        #expect(try Self.ids(sort) == expected)
    }

    @Test("@random is a shuffle fixed by its seed")
    func random() throws {
        let first = try Self.ids("@random", seed: 7)
        #expect(try Self.ids("@random", seed: 7) == first)
        #expect(Set(first) == ["p1", "p2", "p3", "p4", "p5"])
        let seeds = try (0..<8 as Range<UInt64>).map { try Self.ids("@random", seed: $0) }
        #expect(Set(seeds).count > 1)
    }

    @Test(
        "sort errors name the position",
        arguments: [
            ("-titel", "sort: unknown field 'titel' in 'posts' at column 2; did you mean 'title'?"),
            ("views,-", "sort: expected a field after '-' at column 8"),
            ("@randm", "sort: unknown sort key '@randm' at column 1; did you mean '@random'?"),
            ("tags", "sort: cannot sort by 'tags': it holds several values at column 1"),
            (
                "views, comments_via_post.text",
                "sort: cannot sort by 'comments_via_post.text': back-relations are not sortable at column 8"
            ),
            ("title desc", "sort: 'title desc' is not a field name at column 1"),
            ("author.nme", "sort: unknown field 'nme' in 'users' at column 8; did you mean 'name'?"),
        ])
    func errors(sort: String, expected: String) throws {
        let error = #expect(throws: QueryParseError.self) {
            try PocketBaseSort.parse(sort, schema: Blog.schema, resource: "posts")
        }
        #expect(error?.description == expected)
    }
}
