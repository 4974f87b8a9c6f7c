import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

@Suite struct PropertyQueryTests {
    let data = Blog.data()
    let env = Blog.environment

    func property(_ path: FieldPath, where expr: Expr? = nil, resource: String = "posts") throws -> PropertyQuery {
        try Query(resource, where: expr).compiled(with: Blog.schema).property(path)
    }

    @Test("aggregates of an integer field skip nulls")
    func integers() throws {
        let views = try property("views")
        #expect(try views.min(in: data, environment: env) == -5)
        #expect(try views.max(in: data, environment: env) == 120)
        #expect(try views.sum(in: data, environment: env) == JSONNumber(295))
        #expect(try views.average(in: data, environment: env) == 73.75)
        #expect(try views.averageInt(in: data, environment: env) == 73)
        #expect(try views.count(in: data, environment: env) == 4)
        #expect(try views.values(in: data, environment: env) == [120, 80, 100, -5])
        #expect(try views.withNullValue(0).values(in: data, environment: env) == [120, 80, 100, 0, -5])
    }

    @Test("aggregates follow the query's conditions, never its order")
    func filtered() throws {
        let query = Query("posts", where: .cond(Condition("draft", .eq, false)), order: [OrderKey("views")])
        let views = try query.compiled(with: Blog.schema).property("views")
        #expect(try views.values(in: data, environment: env) == [120, 80, -5])
        #expect(try views.sum(in: data, environment: env) == JSONNumber(195))
    }

    @Test("floats sum and average as Double; values keep their stored text")
    func floats() throws {
        let rating = try property("rating")
        let sum = try rating.sum(in: data, environment: env).doubleValue
        #expect(abs(sum - 11.6) < 1e-9)
        #expect(try abs((rating.average(in: data, environment: env) ?? 0) - 2.9) < 1e-9)
        #expect(try rating.averageInt(in: data, environment: env) == 2)
        #expect(try rating.min(in: data, environment: env) == 0.1)
        #expect(try rating.values(in: data, environment: env).map(\.description) == ["4.5", "3.0", "4.0", "0.1"])
    }

    @Test("dates aggregate as epoch milliseconds")
    func dates() throws {
        let published = try property("published")
        #expect(try published.min(in: data, environment: env) == 1_735_689_599_999)
        #expect(try published.max(in: data, environment: env) == 1_741_064_767_089)
        #expect(try published.values(in: data, environment: env).first == 1_736_496_000_000)
    }

    @Test("on an empty set count and sum are 0, min, max and averages nil")
    func empty() throws {
        let views = try property("views", where: .cond(Condition("views", .gt, 1000)))
        #expect(try views.count(in: data, environment: env) == 0)
        #expect(try views.sum(in: data, environment: env) == JSONNumber(0))
        #expect(try views.min(in: data, environment: env) == nil)
        #expect(try views.max(in: data, environment: env) == nil)
        #expect(try views.average(in: data, environment: env) == nil)
        #expect(try views.averageInt(in: data, environment: env) == nil)
        #expect(try views.values(in: data, environment: env) == [])
        #expect(try views.uniqueValue(in: data, environment: env) == nil)
    }

    @Test("distinct collapses equal values, strings with their own case rule")
    func distinct() throws {
        let schema = QuerySchema([ResourceSchema("words", fields: ["word": .string])])
        let words = InMemoryDataSource(
            schema: schema,
            records: [
                "words": [["id": "1", "word": "a"], ["id": "2", "word": "A"], ["id": "3", "word": "b"], ["id": "4"]]
            ])
        let word = try Query("words").compiled(with: schema).property("word")
        #expect(try word.count(in: words, environment: env) == 3)
        #expect(try word.distinct().count(in: words, environment: env) == 3)
        #expect(try word.distinct(caseSensitive: false).count(in: words, environment: env) == 2)
        #expect(try word.distinct(caseSensitive: false).values(in: words, environment: env) == ["a", "b"])
        #expect(try word.withNullValue("-").distinct().values(in: words, environment: env) == ["a", "A", "b", "-"])
        let verified = try property("verified", resource: "users")
        #expect(try verified.distinct().values(in: data, environment: env) == [true, false])
    }

    @Test("uniqueValue returns the one value, or fails with non_unique")
    func unique() throws {
        let authors = try property("author", where: .cond(Condition("author", .eq, "u1")))
        let error = #expect(throws: QueryError.self) { try authors.uniqueValue(in: data, environment: env) }
        #expect(error?.description == "non_unique: 'author' has 2 values; expected at most one")
        #expect(try authors.distinct().uniqueValue(in: data, environment: env) == "u1")
    }

    @Test("what cannot be aggregated is an error")
    func refused() throws {
        let overflow = InMemoryDataSource(
            schema: Blog.schema,
            records: ["posts": [["id": "a", "views": .number(JSONNumber(Int64.max))], ["id": "b", "views": 1]]])
        let sum = #expect(throws: QueryError.self) { try property("views").sum(in: overflow, environment: env) }
        #expect(sum?.kind == .overflow)
        #expect(try property("views").averageInt(in: overflow, environment: env) == Int64.max / 2 + 1)
        let text = #expect(throws: QueryError.self) { try property("title").sum(in: data, environment: env) }
        #expect(text?.description == "unsupported_operator: cannot sum or average string field 'title'")
        let list = #expect(throws: QueryError.self) { try property("labels") }
        #expect(list?.kind == .unsupported)
        #expect(try property(FieldPath("labels").modified(.length)).sum(in: data, environment: env) == JSONNumber(5))
    }
}
