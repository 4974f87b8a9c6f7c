import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

@Suite struct OrderingTests {
    @Test(
        "order keys: ascending by default, strings ASCII case-insensitive, nulls first, id ascending last",
        arguments: [
            ([OrderKey("title")], ["p4", "p2", "p5", "p1", "p3"]),
            ([OrderKey("title", caseSensitive: true)], ["p4", "p1", "p3", "p2", "p5"]),
            ([OrderKey("title", descending: true)], ["p3", "p1", "p5", "p2", "p4"]),
            ([OrderKey("views")], ["p4", "p5", "p2", "p3", "p1"]),
            ([OrderKey("views", nulls: .last)], ["p5", "p2", "p3", "p1", "p4"]),
            ([OrderKey("views", nulls: .zero)], ["p5", "p4", "p2", "p3", "p1"]),
            ([OrderKey("views", descending: true)], ["p4", "p1", "p3", "p2", "p5"]),
            ([OrderKey("views", descending: true, nulls: .last)], ["p1", "p3", "p2", "p5", "p4"]),
            ([OrderKey("views", unsigned: true)], ["p4", "p2", "p3", "p1", "p5"]),
            ([OrderKey("draft")], ["p4", "p1", "p2", "p5", "p3"]),
            ([OrderKey("draft", descending: true)], ["p4", "p3", "p1", "p2", "p5"]),
            ([OrderKey("draft"), OrderKey("views", descending: true)], ["p4", "p1", "p2", "p5", "p3"]),
            ([OrderKey("published")], ["p4", "p5", "p1", "p2", "p3"]),
            ([OrderKey("rating", descending: true, nulls: .last)], ["p1", "p3", "p2", "p5", "p4"]),
            ([OrderKey("author.name")], ["p4", "p1", "p3", "p2", "p5"]),
            ([OrderKey("tags.name")], ["p3", "p4", "p2", "p1", "p5"]),
            ([OrderKey(.insertionOrder, descending: true)], ["p5", "p4", "p3", "p2", "p1"]),
            ([], ["p1", "p2", "p3", "p4", "p5"]),
        ])
    func order(keys: [OrderKey], expected: [String]) throws {
        #expect(try Blog.ids(Query("posts", order: keys)) == expected)
    }

    @Test("the appended id key orders integer ids numerically")
    func integerIDs() throws {
        let ids = try Query("counters").compiled(with: Blog.schema).findIDs(
            in: Blog.data(), environment: Blog.environment)
        #expect(ids == [1, 2, 10])
        let byValue = try Query("counters", order: [OrderKey("value", descending: true)]).compiled(with: Blog.schema)
        #expect(try byValue.findIDs(in: Blog.data(), environment: Blog.environment) == [2, 1, 10])
    }

    @Test("a random order is fixed by its seed and independent of insertion order")
    func random() throws {
        let data = Blog.data()
        let query = try Query("posts", order: [OrderKey(.random(seed: 42))]).compiled(with: Blog.schema)
        let first = try query.findIDs(in: data, environment: Blog.environment)
        data.replaceAll(Blog.posts.reversed(), of: "posts")
        #expect(try query.findIDs(in: data, environment: Blog.environment) == first)
    }
}
