import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

/// Joined links and conditions (`Link.join`, `Condition.join`): every test of one join name
/// looks at the same related record or list element, as SQL's `LEFT JOIN` in a `WHERE` clause.
@Suite struct JoinTests {
    static func tag(_ name: String, join: String? = "tags") -> Expr {
        .link(Link("tags", join: join, where: .cond(Condition("name", .eq, .value(.string(name))))))
    }

    static func commenter(_ name: String, join: Bool) -> Expr {
        let user = Link("user", join: join ? "comments.user" : nil, where: .cond(Condition("name", .eq, .value(.string(name)))))
        return .link(Link("post", direction: .backlink(from: "comments"), join: join ? "comments" : nil, where: .link(user)))
    }

    static func label(_ name: String, join: String?) -> Expr {
        var condition = Condition("labels", .eq, .value(.string(name)))
        condition.join = join
        return .cond(condition)
    }

    @Test("two conditions on one joined link need one record that passes both")
    func conjunction() throws {
        #expect(try Blog.posts(.all([Self.tag("swift", join: nil), Self.tag("server", join: nil)])) == ["p1"])
        #expect(try Blog.posts(.all([Self.tag("swift"), Self.tag("server")])) == [])
        #expect(try Blog.posts(.all([Self.tag("swift", join: "a"), Self.tag("server", join: "b")])) == ["p1"])
    }

    @Test("a disjunction over one join is the same as over two")
    func disjunction() throws {
        #expect(try Blog.posts(.any([Self.tag("swift"), Self.tag("server")])) == ["p1", "p5"])
    }

    @Test("a negated joined link asks for some record that fails, and a record without any counts as one empty record")
    func negation() throws {
        #expect(try Blog.posts(.not(Self.tag("swift", join: nil))) == ["p2", "p3", "p4"])
        #expect(try Blog.posts(.not(Self.tag("swift"))) == ["p1", "p2", "p3", "p4"])
        let untagged = Expr.link(Link("tags", join: "tags", where: .cond(Condition("name", .isNull))))
        #expect(try Blog.posts(untagged) == ["p3", "p4"])
    }

    @Test("a nested joined link chooses among the related records of the outer choice")
    func nested() throws {
        #expect(try Blog.posts(.all([Self.commenter("bob", join: false), Self.commenter("Émile", join: false)])) == ["p1"])
        #expect(try Blog.posts(.all([Self.commenter("bob", join: true), Self.commenter("Émile", join: true)])) == [])
        #expect(try Blog.posts(.any([Self.commenter("bob", join: true), Self.commenter("Ava", join: true)])) == ["p1", "p2"])
    }

    @Test("conjuncts on different joins are independent; conjuncts on one join stay together")
    func independentJoins() throws {
        #expect(try Blog.posts(.all([Self.tag("swift"), Self.commenter("bob", join: true)])) == ["p1"])
        #expect(try Blog.posts(.all([Self.tag("swift"), Self.tag("server"), Self.commenter("bob", join: true)])) == [])
        #expect(try Blog.posts(.all([.not(Self.tag("swift")), Self.commenter("Ava", join: true)])) == ["p2"])
        // A disjunction across two joins keeps them in one group, and still holds for either.
        #expect(try Blog.posts(.any([Self.tag("Linux"), Self.commenter("bob", join: true)])) == ["p1", "p2"])
        // Plain conditions beside the joins still apply.
        #expect(try Blog.posts(.all([Self.tag("swift"), .cond(Condition("views", .gt, 100))])) == ["p1"])
    }

    @Test("joined conditions on a list field test one element")
    func elements() throws {
        #expect(try Blog.posts(.all([Self.label("guide", join: nil), Self.label("swift", join: nil)])) == ["p1"])
        #expect(try Blog.posts(.all([Self.label("guide", join: "l"), Self.label("swift", join: "l")])) == [])
        #expect(try Blog.posts(.not(Self.label("swift", join: "l"))) == ["p1", "p2", "p3", "p4"])
    }

    @Test("a key through a joined path reads the record the first passing choice took")
    func orderByJoinedRecord() throws {
        // p1's tags are [swift, server], p5's [swift]. For p1 the first passing choice is "server";
        // walking to the first related record reads "swift" for both, a tie broken by id.
        let where_ = Expr.any([Self.tag("server"), .cond(Condition("id", .eq, "p5"))])
        var key = OrderKey(FieldPath(["tags", "name"]), descending: true)
        #expect(try Blog.ids(Query("posts", where: where_, order: [key])) == ["p1", "p5"])
        key.join = "tags"
        #expect(try Blog.ids(Query("posts", where: where_, order: [key])) == ["p5", "p1"])
        key.join = "other"
        #expect(try Blog.ids(Query("posts", where: where_, order: [key])) == ["p1", "p5"], "an unknown join walks")
    }

    @Test("a join the query cannot share is refused when it compiles")
    func refused() throws {
        let user = Link("user", join: "comments.user", where: .true)
        let inside = Expr.link(Link("post", direction: .backlink(from: "comments"), where: .link(user)))
        let insideError = #expect(throws: QueryError.self) {
            try Query("posts", where: inside).compiled(with: Blog.schema)
        }
        #expect(insideError?.kind == .unsupported)
        let twoHops = Expr.all([
            .link(Link("tags", join: "j", where: .true)), .link(Link("author", join: "j", where: .true)),
        ])
        let twoHopsError = #expect(throws: QueryError.self) { try Query("posts", where: twoHops).compiled(with: Blog.schema) }
        #expect(twoHopsError?.description.contains("used for two different hops") == true)
        var scalar = Condition("title", .eq, "x")
        scalar.join = "t"
        let scalarError = #expect(throws: QueryError.self) { try Query("posts", where: .cond(scalar)).compiled(with: Blog.schema) }
        #expect(scalarError?.description.contains("needs a list field") == true)
    }
}
