import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

@Suite struct ParameterTests {
    let data = Blog.data()
    let env = Blog.environment

    func compile(_ expr: Expr, resource: String = "posts") throws -> CompiledQuery {
        try Query(resource, where: expr).compiled(with: Blog.schema)
    }

    @Test("an alias replaces the operand without recompiling, and the model shows the new value")
    func alias() throws {
        var query = try compile("minViews" .= Field("views") > 10 && Field("draft") == false)
        #expect(try query.findIDs(in: data, environment: env) == ["p1", "p2"])
        try query.setParameter("minViews", to: 100)
        #expect(try query.findIDs(in: data, environment: env) == ["p1"])
        #expect(query.query.where?.description == "all[gt(views, 100)[as minViews], eq(draft, false)]")
        #expect(query.parameterNames == ["minViews"])
    }

    @Test("a path sets a parameter only when exactly one condition uses it")
    func byPath() throws {
        var query = try compile(Field("views") > 10 && Field("title").startsWith("A"))
        try query.setParameter(.path("views"), to: 200)
        #expect(try query.findIDs(in: data, environment: env) == [])
        try query.setParameter(.path("title"), to: "a")
        try query.setParameter(.path("views"), to: 0)
        #expect(try query.findIDs(in: data, environment: env) == ["p2"])

        var twice = try compile(Field("views") > 10 && Field("views") < 200)
        let ambiguous = #expect(throws: QueryError.self) { try twice.setParameter(.path("views"), to: 5) }
        #expect(ambiguous?.description == "ambiguous_parameter: 2 conditions use the path 'views'; give one an alias")
        let unknown = #expect(throws: QueryError.self) { try twice.setParameter(.path("view"), to: 5) }
        #expect(unknown?.description == "unknown_parameter: no condition uses the path 'view'; did you mean 'views'?")
    }

    @Test("a path inside a link is the dotted path from the query's resource")
    func linkPath() throws {
        var query = try compile(Field("tags").any { $0.name == "swift" })
        #expect(try query.findIDs(in: data, environment: env) == ["p1", "p5"])
        try query.setParameter(.path("tags.name"), to: "Linux")
        #expect(try query.findIDs(in: data, environment: env) == ["p2"])
    }

    @Test("between takes two values, in a list, tolerance a value and a distance")
    func arities() throws {
        var range = try compile("r" .= Field("views").between(0, 1))
        try range.setParameter("r", to: 110, 90)
        #expect(try range.findIDs(in: data, environment: env) == ["p3"])
        var list = try compile("s" .= Field("views").isIn([1]))
        try list.setParameter("s", toAnyOf: [80, 120])
        #expect(try list.findIDs(in: data, environment: env) == ["p1", "p2"])
        var near = try compile("x" .= Field("rating") == 0.0)
        try near.setParameter("x", to: 4.2, 0.5)
        #expect(try near.findIDs(in: data, environment: env) == ["p1", "p3"])
        try near.setParameter("x", to: 3)
        #expect(try near.findIDs(in: data, environment: env) == ["p2"])
    }

    @Test(
        "wrong arity or type is an error, never a crash, and leaves the query as it was",
        arguments: [
            ("r", "parameter_arity: parameter 'r' sets 'views between', which takes two values"),
            ("s", "parameter_arity: parameter 's' sets 'views in', which takes a list"),
            ("n", "parameter_arity: parameter 'n' sets 'views isNull', which takes no value"),
        ])
    func arityErrors(alias: String, expected: String) throws {
        var query = try compile(
            "r" .= Field("views").between(0, 200) && "s" .= Field("views").isIn([120]) || "n" .= Field("views").isNull()
        )
        let error = #expect(throws: QueryError.self) { try query.setParameter(.alias(alias), to: 5) }
        #expect(error?.description == expected)
        #expect(try query.findIDs(in: data, environment: env) == ["p1", "p4"])
    }

    @Test("a value of the wrong type is type_mismatch; an unknown alias suggests a near one")
    func typeErrors() throws {
        var query = try compile("minViews" .= Field("views") > 10)
        let mismatch = #expect(throws: QueryError.self) { try query.setParameter("minViews", to: "lots") }
        #expect(mismatch?.description == #"type_mismatch: cannot compare integer field 'views' with the string "lots""#)
        #expect(try query.findIDs(in: data, environment: env) == ["p1", "p2", "p3"])
        let unknown = #expect(throws: QueryError.self) { try query.setParameter("minView", to: 1) }
        #expect(
            unknown?.description == "unknown_parameter: no condition has the alias 'minView'; did you mean 'minViews'?")
    }

    @Test("one alias on several conditions sets them all")
    func sharedAlias() throws {
        var query = try compile("q" .= (Field("title").contains("x") || Field("body").contains("x")))
        try query.setParameter("q", to: "Linux")
        #expect(try query.findIDs(in: data, environment: env) == ["p2"])
        try query.setParameter("q", to: "concurrency")
        #expect(try query.findIDs(in: data, environment: env) == ["p1"])
    }
}
