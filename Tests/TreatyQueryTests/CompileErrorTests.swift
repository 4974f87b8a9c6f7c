import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

@Suite struct CompileErrorTests {
    @Test(
        "a query that does not fit the schema is refused with the reason",
        arguments: [
            (Query("post"), "unknown_resource: unknown resource 'post'; did you mean 'posts'?"),
            (
                Query("posts", where: .cond(Condition("titel", .eq, "x"))),
                "unknown_field: unknown field 'titel' in 'posts'; did you mean 'title'?"
            ),
            (
                Query("posts", where: .cond(Condition("views", .startsWith, "1"))),
                "unsupported_operator: operator 'startsWith' does not apply to integer field 'views'"
            ),
            (
                Query("posts", where: .cond(Condition("draft", .lt, true))),
                "unsupported_operator: operator 'lt' does not apply to bool field 'draft'"
            ),
            (
                Query("posts", where: .cond(Condition("views", .between, .value(5)))),
                "invalid_operand: operator 'between' on 'views' takes a range operand (two values)"
            ),
            (
                Query("posts", where: .cond(Condition("views", .in, .value(5)))),
                "invalid_operand: operator 'in' on 'views' takes a list operand"
            ),
            (
                Query("posts", where: .cond(Condition("views", .eq, .list([5])))),
                "invalid_operand: operator 'eq' on 'views' takes one value"
            ),
            (
                Query("posts", where: .cond(Condition("views", .isNull, .value(5)))),
                "invalid_operand: operator 'isNull' on 'views' takes no operand"
            ),
            (
                Query("posts", where: .cond(Condition("title", .eq, .tolerance("a", 1)))),
                "unsupported_operator: a tolerance does not apply to string field 'title'"
            ),
            (
                Query("posts", where: .cond(Condition("title", .near, .value([1, 2])))),
                "unsupported_operator: operator 'near' does not apply to string field 'title'"
            ),
            (
                Query("posts", where: .link(Link("title", where: .true))),
                "type_mismatch: 'title' of 'posts' is a string field, not a relation"
            ),
            (
                Query("users", where: .link(Link("author", direction: .backlink(from: "comments"), where: .true))),
                "unknown_field: unknown field 'author' in 'comments'"
            ),
            (
                Query("posts", where: .cond(Condition(FieldPath("views").modified(.lowercased), .eq, "x"))),
                "unsupported_operator: the modifier ':lower' does not apply to integer field 'views'"
            ),
            (
                Query("posts", order: [OrderKey("labels")]),
                "unsupported: cannot order by 'labels': it holds several values"
            ),
            (Query("posts", offset: -1), "invalid_page: offset and limit must not be negative (-1, 0)"),
        ])
    func refused(query: Query, expected: String) throws {
        let error = #expect(throws: QueryError.self) { try query.compiled(with: Blog.schema) }
        #expect(error?.description == expected)
    }
}
