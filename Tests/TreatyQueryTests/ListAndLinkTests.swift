import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

/// Trap 5 of query.md: multi-valued fields and links under any / all / none, with explicit
/// empty-set rules.
@Suite struct ListAndLinkTests {
    @Test(
        "list elements combine under the quantifier; an empty list follows its empty rule",
        arguments: [
            (Condition("labels", .eq, "swift"), ["p1", "p5"]),
            (Condition("labels", .eq, "swift", quantifier: .all), ["p3", "p4", "p5"]),
            (Condition("labels", .eq, .value("swift"), quantifier: .all, emptyMatches: .never), ["p5"]),
            (Condition("labels", .eq, "swift", quantifier: .none), ["p2", "p3", "p4"]),
            (Condition("labels", .eq, .value("swift"), quantifier: .none, emptyMatches: .never), ["p2"]),
            (Condition("labels", .eq, .value("x"), quantifier: .any, emptyMatches: .always), ["p3", "p4"]),
            (
                Condition("labels", .ne, .value(""), quantifier: .all, emptyMatches: .asOneEmptyValue),
                ["p1", "p2", "p5"]
            ),
            (Condition("scores", .gt, 4), ["p1", "p5"]),
            (Condition("scores", .between, .range(2, 5), quantifier: .all, emptyMatches: .never), ["p1", "p2"]),
            (Condition("scores", .in, .list([9, 3])), ["p2", "p5"]),
            (Condition("labels", .startsWith, .value("GU"), caseSensitive: false), ["p1"]),
            (Condition(FieldPath("labels").modified(.length), .eq, 2), ["p1", "p5"]),
            (Condition(FieldPath("labels").modified(.length), .eq, 0), ["p3", "p4"]),
            (Condition(FieldPath("title").modified(.length), .eq, 5), ["p5"]),
            (Condition("tags", .eq, "t1"), ["p1", "p5"]),
        ])
    func lists(condition: Condition, expected: [String]) throws {
        #expect(try Blog.posts(.cond(condition)) == expected)
    }

    @Test("a to-one link tests the related record; no related record fails under any")
    func toOne() throws {
        #expect(try Blog.posts(.link(Link("author", where: .cond(Condition("name", .eq, "Ava"))))) == ["p1", "p3"])
        #expect(try Blog.posts(.link(Link("author", where: .cond(Condition("age", .gt, 30))))) == ["p1", "p3"])
        let none = Link("author", quantifier: .none, where: .cond(Condition("verified", .eq, true)))
        #expect(try Blog.posts(.link(none)) == ["p2", "p4"])
    }

    @Test(
        "a to-many link: some, every or no related record; missing ids are skipped",
        arguments: [
            (Quantifier.any, nil as EmptyMatch?, ["p1", "p5"]),
            (.all, nil, ["p3", "p4", "p5"]),
            (.all, .never, ["p5"]),
            (.none, nil, ["p2", "p3", "p4"]),
            (.any, .asOneEmptyValue, ["p1", "p5"]),
        ])
    func toMany(quantifier: Quantifier, empty: EmptyMatch?, expected: [String]) throws {
        let link = Link(
            "tags", quantifier: quantifier, emptyMatches: empty, where: .cond(Condition("name", .eq, "swift")))
        #expect(try Blog.posts(.link(link)) == expected)
    }

    @Test("a backlink tests the records pointing at this one")
    func backlink() throws {
        let commented = Link(
            "user", direction: .backlink(from: "comments"), where: .cond(Condition("text", .contains, "!")))
        #expect(try Blog.ids(Query("users", where: .link(commented))) == ["u3"])
        let noComments = Link("post", direction: .backlink(from: "comments"), quantifier: .none, where: .true)
        #expect(try Blog.posts(.link(noComments)) == ["p3", "p4", "p5"])
        let allByBob = Link(
            "post", direction: .backlink(from: "comments"), quantifier: .all, emptyMatches: .never,
            where: .link(Link("user", where: .cond(Condition("name", .eq, "bob")))))
        #expect(try Blog.posts(.link(allByBob)) == [])
        let authored = Link("author", direction: .backlink(from: "posts"), where: .cond(Condition("draft", .eq, true)))
        #expect(try Blog.ids(Query("users", where: .link(authored))) == ["u1"])
    }

    @Test("links nest, combine with other conditions and negate")
    func nested() throws {
        let commenterIsVerified = Link(
            "post", direction: .backlink(from: "comments"),
            where: .link(Link("user", where: .cond(Condition("verified", .eq, true)))))
        #expect(try Blog.posts(.link(commenterIsVerified)) == ["p1", "p2"])
        #expect(try Blog.posts(.all([.link(commenterIsVerified), .cond(Condition("views", .gt, 100))])) == ["p1"])
        #expect(try Blog.posts(.not(.link(commenterIsVerified))) == ["p3", "p4", "p5"])
    }

    @Test("a condition on a dotted path goes through a to-one relation")
    func dottedPath() throws {
        #expect(try Blog.posts(.cond(Condition("author.name", .eq, "bob"))) == ["p2"])
        #expect(
            try Blog.ids(Query("comments", where: .cond(Condition("post.author.name", .eq, "Ava")))) == ["c1", "c2"])
    }

    @Test("a collection link reads every record of another resource")
    func collection() throws {
        let anyBob = Link("users", direction: .collection, where: .cond(Condition("name", .eq, "bob")))
        #expect(try Blog.ids(Query("tags", where: .link(anyBob))) == ["t1", "t2", "t3"])
        let allBob = Link(
            "users", direction: .collection, quantifier: .all, where: .cond(Condition("name", .eq, "bob")))
        #expect(try Blog.ids(Query("tags", where: .link(allBob))) == [])
    }

    @Test("integer ids and nested relation objects resolve like string ids")
    func integerIDs() throws {
        let schema = QuerySchema([
            ResourceSchema("teams", idKind: .integer, fields: ["name": .string]),
            ResourceSchema(
                "people",
                fields: ["team": .relation(to: "teams", many: false), "favorite": .relation(to: "teams", many: false)]),
        ])
        let data = InMemoryDataSource(
            schema: schema,
            records: [
                "teams": [["id": 1, "name": "red"], ["id": 2, "name": "blue"]],
                "people": [
                    ["id": "a", "team": 2], ["id": "b", "team": ["id": 1, "name": "red"], "favorite": 1],
                    ["id": "c", "team": nil],
                ],
            ])
        let blue = try Query("people", where: .cond(Condition("team.name", .eq, "blue"))).compiled(with: schema)
        #expect(try blue.findIDs(in: data, environment: Blog.environment) == ["a"])
        let teamOne = try Query("people", where: .cond(Condition("team", .eq, 1))).compiled(with: schema)
        #expect(try teamOne.findIDs(in: data, environment: Blog.environment) == ["b"])
        let wrong = #expect(throws: QueryError.self) {
            try Query("people", where: .cond(Condition("team", .eq, "x"))).compiled(with: schema)
        }
        #expect(wrong?.kind == .typeMismatch)
        let loyal = try Query("people", where: Field("team") == Field("favorite")).compiled(with: schema)
        #expect(try loyal.findIDs(in: data, environment: Blog.environment) == ["b"])
        let members = Link("team", direction: .backlink(from: "people"), where: .true)
        let teams = try Query("teams", where: .link(members)).compiled(with: schema)
        #expect(try teams.findIDs(in: data, environment: Blog.environment) == [1, 2])
    }
}
