import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

@Suite struct BuilderTests {
    @Test(
        "builder expressions read like ObjectBox and produce the query model",
        arguments: [
            (Field("views") > 100 && Field("title").startsWith("A"), #"all[gt(views, 100), startsWith(title, "A")]"#),
            (Field("a") == 1 || Field("b") == 2 || Field("c") == 3, "any[eq(a, 1), eq(b, 2), eq(c, 3)]"),
            (Field("a") == 1 && Field("b") == 2 || Field("c") == 3, "any[all[eq(a, 1), eq(b, 2)], eq(c, 3)]"),
            (!(!(Field("a") == 1)), "eq(a, 1)"),
            (!(Field("a") <= 1), "not(le(a, 1))"),
            ("m" .= Field("views") > 10 && Field("draft") == false, "all[gt(views, 10)[as m], eq(draft, false)]"),
            (Field("views").isIn(5..<5), "any[]"),
            (Field("views").isIn(5..<8), "between(views, 5...7)"),
            (Field("views").isIn(5...8), "between(views, 5...8)"),
            (Field("views").isIn([1, 2]), "in(views, [1,2])"),
            (Field("views").notIn([1]), "notIn(views, [1])"),
            (Field("rating").equals(4.2, tolerance: 0.5), "eq(rating, 4.2±0.5)"),
            (Field("title").like("a%", caseSensitive: false), #"like(title, "a%")[ci]"#),
            (Field("body").tokensAll("swift linux"), #"tokensAll(body, "swift linux")[ci unicode]"#),
            (Field("labels").every == "x", #"eq(labels, "x")[all]"#),
            (Field("labels").noElement == "x", #"eq(labels, "x")[none]"#),
            (Field("labels").length > 1, "gt(labels:length, 1)"),
            (Field("title").lowercased == "x", #"eq(title:lower, "x")"#),
            (Field("tags").any { $0.name == "swift" }, #"tags.any{eq(name, "swift")}"#),
            (Field("tags").all { $0["name"] != "x" }, #"tags.all{ne(name, "x")}"#),
            (Field("post.author").any { $0.age > 30 }, "post.any{author.any{gt(age, 30)}}"),
            (
                Backlink("comments", via: "post").none { $0.text == "nice" },
                #"comments_via_post.none{eq(text, "nice")}"#
            ),
            (Field("created") < Field("updated"), "lt(created, updated)"),
            (Field("author") == Field("@request.auth.id"), "eq(author, @request.auth.id)"),
            (Field("nickname").isNull(), "isNull(nickname)"),
            (Field("nickname") == String?.none, "eq(nickname, null)"),
        ])
    func expressions(expr: Expr, expected: String) {
        #expect(expr.description == expected)
    }

    @Test("a built query runs: filters, links, ordering flags and paging")
    func endToEnd() throws {
        let query = Query(
            "posts", where: Field("views") >= 0 && Field("tags").any { $0.name == "swift" || $0.name == "Linux" }
        )
        .ordered(by: "views", flags: .descending)
        #expect(try Blog.ids(query) == ["p1", "p2"])
        #expect(try Blog.ids(query.paged(offset: 1, limit: 1)) == ["p2"])
        let titles = Query("posts").ordered(by: "title", flags: [.caseSensitive, .descending])
        #expect(try Blog.ids(titles) == ["p5", "p2", "p3", "p1", "p4"])
        let nulls = Query("posts").ordered(by: "views", flags: .nullsLast)
        #expect(try Blog.ids(nulls).last == "p4")
        let zero = Query("posts").ordered(by: "views", flags: [.nullsAsZero, .unsigned])
        #expect(try Blog.ids(zero) == ["p4", "p2", "p3", "p1", "p5"])
    }

    @Test("an empty half-open range matches nothing; ObjectBox would match its bound")
    func emptyRange() throws {
        #expect(try Blog.posts(Field("views").isIn(100..<100)) == [])
        #expect(try Blog.posts(Field("views").isIn(100..<101)) == ["p3"])
        #expect(try Blog.posts(Field("rating").isIn(3.0..<4.0)) == ["p2"])
        #expect(try Blog.posts(Field("rating").isIn(4.0..<4.0)) == [])
    }

    @Test("backlinks and negation through the builder")
    func backlinks() throws {
        let open = Backlink("posts", via: "author").any { $0.draft == true }
        #expect(try Blog.ids(Query("users", where: open)) == ["u1"])
        #expect(try Blog.ids(Query("users", where: !open)) == ["u2", "u3"])
        let allPublished = Backlink("posts", via: "author").all { $0.draft == false }
        #expect(try Blog.ids(Query("users", where: allPublished)) == ["u2", "u3"])
    }
}
