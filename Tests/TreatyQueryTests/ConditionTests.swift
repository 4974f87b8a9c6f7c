import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

@Suite struct ConditionTests {
    @Test(
        "string operators compare by byte, case-sensitively by default",
        arguments: [
            (Condition("title", .eq, "alpha"), ["p5"]),
            (Condition("title", .ne, "alpha"), ["p1", "p2", "p3", "p4"]),
            (Condition("title", .lt, "B"), ["p1", "p4"]),
            (Condition("title", .le, "Async Swift"), ["p1", "p4"]),
            (Condition("title", .gt, "Z"), ["p2", "p3", "p5"]),
            (Condition("title", .ge, "alpha"), ["p5"]),
            (Condition("title", .in, .list(["alpha", "nope", "about Linux"])), ["p2", "p5"]),
            (Condition("title", .notIn, .list(["alpha", ""])), ["p1", "p2", "p3"]),
            (Condition("title", .startsWith, "A"), ["p1"]),
            (Condition("title", .startsWith, ""), ["p1", "p2", "p3", "p4", "p5"]),
            (Condition("title", .endsWith, "Linux"), ["p2"]),
            (Condition("title", .contains, "100%"), ["p3"]),
            (Condition("title", .like, "%a_c%"), ["p3"]),
            (Condition("title", .like, "%a\\_c%"), ["p3"]),
            (Condition("title", .like, "%t_S%"), []),
            (Condition("title", .like, "Zebra\\_%"), ["p3"]),
            (Condition("title", .like, "a%"), ["p2", "p5"]),
        ])
    func stringOperators(condition: Condition, expected: [String]) throws {
        #expect(try Blog.posts(.cond(condition)) == expected)
    }

    @Test(
        "case-insensitive string operators fold ASCII only",
        arguments: [
            (Condition("title", .eq, "ALPHA", caseSensitive: false), ["p5"]),
            (Condition("title", .startsWith, .value("a"), caseSensitive: false), ["p1", "p2", "p5"]),
            (Condition("title", .like, .value("%LINUX"), caseSensitive: false), ["p2"]),
            (Condition("title", .in, .list(["ABOUT LINUX"]), caseSensitive: false), ["p2"]),
            (Condition("title", .lt, .value("b"), caseSensitive: false), ["p1", "p2", "p4", "p5"]),
        ])
    func caseInsensitive(condition: Condition, expected: [String]) throws {
        #expect(try Blog.posts(.cond(condition)) == expected)
    }

    @Test("tokens operators fold Unicode case and diacritics")
    func tokens() throws {
        let all = Condition("body", .tokensAll, .value("UNICODE words"), caseSensitive: false)
        let any = Condition("body", .tokensAny, .value("linux nothing"), caseSensitive: false)
        let sensitive = Condition("body", .tokensAll, .value("unicode"))
        #expect(try Blog.posts(.cond(all)) == ["p5"])
        #expect(try Blog.posts(.cond(any)) == ["p2"])
        #expect(try Blog.posts(.cond(sensitive)) == [])
    }

    @Test(
        "integer operators, between inclusive with bounds in either order",
        arguments: [
            (Condition("views", .eq, 100), ["p3"]),
            (Condition("views", .ne, 100), ["p1", "p2", "p5"]),
            (Condition("views", .lt, 80), ["p5"]),
            (Condition("views", .le, 80), ["p2", "p5"]),
            (Condition("views", .gt, 100), ["p1"]),
            (Condition("views", .ge, 100), ["p1", "p3"]),
            (Condition("views", .between, .range(80, 100)), ["p2", "p3"]),
            (Condition("views", .between, .range(100, 80)), ["p2", "p3"]),
            (Condition("views", .in, .list([120, -5, 7])), ["p1", "p5"]),
            (Condition("views", .notIn, .list([120, -5])), ["p2", "p3"]),
            (Condition("views", .gt, 99.5), ["p1", "p3"]),
            (Condition("views", .eq, "100"), ["p3"]),
        ])
    func integerOperators(condition: Condition, expected: [String]) throws {
        #expect(try Blog.posts(.cond(condition)) == expected)
    }

    @Test(
        "float operators: exact equality, or within a tolerance",
        arguments: [
            (Condition("rating", .eq, 4.5), ["p1"]),
            (Condition("rating", .eq, 4), ["p3"]),
            (Condition("rating", .eq, .tolerance(4.2, 0.5)), ["p1", "p3"]),
            (Condition("rating", .ne, .tolerance(4.2, 0.5)), ["p2", "p5"]),
            (Condition("rating", .between, .range(0.1, 3)), ["p2", "p5"]),
            (Condition("rating", .lt, 1), ["p5"]),
            (Condition("rating", .ge, 4), ["p1", "p3"]),
        ])
    func floatOperators(condition: Condition, expected: [String]) throws {
        #expect(try Blog.posts(.cond(condition)) == expected)
    }

    @Test(
        "dates compare at millisecond precision, whatever text form the literal has",
        arguments: [
            (Condition("published", .eq, "2025-03-04 05:06:07.089Z"), ["p3"]),
            (Condition("published", .eq, "2025-03-04T07:06:07.089+02:00"), ["p3"]),
            (Condition("published", .eq, "2025-03-04T05:06:07.0894Z"), ["p3"]),
            (Condition("published", .eq, "2025-03-04T05:06:07.0886Z"), ["p3"]),
            (Condition("published", .eq, "2025-03-04T05:06:07.090Z"), []),
            (Condition("published", .lt, "2025-01-01"), ["p5"]),
            (Condition("published", .gt, 1_738_000_000_000), ["p2", "p3"]),
            (
                Condition("published", .between, .range("2025-02-01T12:30:00.500Z", "2025-01-10T08:00:00Z")),
                ["p1", "p2"]
            ),
            (Condition("published", .eq, .tolerance("2025-02-01T12:30:00Z", 500)), ["p2"]),
            (Condition("published", .in, .list(["2024-12-31T23:59:59.999Z"])), ["p5"]),
        ])
    func dateOperators(condition: Condition, expected: [String]) throws {
        #expect(try Blog.posts(.cond(condition)) == expected)
    }

    @Test("bool and bytes operators")
    func boolAndBytes() throws {
        #expect(try Blog.posts(.cond(Condition("draft", .eq, true))) == ["p3"])
        #expect(try Blog.posts(.cond(Condition("draft", .ne, true))) == ["p1", "p2", "p5"])
        #expect(try Blog.posts(.cond(Condition("signature", .eq, "AQID"))) == ["p1"])
        #expect(try Blog.posts(.cond(Condition("signature", .gt, [1, 2, 3]))) == ["p2"])
        #expect(try Blog.posts(.cond(Condition("signature", .ne, "AQID"))) == ["p2"])
    }

    @Test("isNull and isNotNull treat a missing key like null")
    func nullTests() throws {
        #expect(try Blog.posts(.cond(Condition("views", .isNull))) == ["p4"])
        #expect(try Blog.posts(.cond(Condition("signature", .isNull))) == ["p3", "p4", "p5"])
        #expect(try Blog.posts(.cond(Condition("signature", .isNotNull))) == ["p1", "p2"])
        #expect(try Blog.posts(.cond(Condition("labels", .isNull))) == ["p4"])
    }

    @Test("json fields compare only within one JSON kind")
    func jsonFields() throws {
        #expect(try Blog.posts(.cond(Condition("meta", .eq, ["lang": "en"]))) == ["p1", "p5"])
        #expect(try Blog.posts(.cond(Condition("meta", .gt, 5))) == ["p4"])
        #expect(try Blog.posts(.cond(Condition("meta", .ne, 7))) == ["p1", "p2", "p5"])
    }

    @Test("near keeps the points within the distance (great-circle metres); a malformed point is a compile error")
    func near() throws {
        let schema = QuerySchema([ResourceSchema("sites", fields: ["place": .location])])
        let data = InMemoryDataSource(
            schema: schema,
            records: [
                "sites": [
                    ["id": "cupertino", "place": ["latitude": 37.3318, "longitude": -122.0312]],
                    ["id": "sunnyvale", "place": ["latitude": 37.3688, "longitude": -122.0363]],
                    ["id": "stockholm", "place": ["latitude": 59.3293, "longitude": 18.0686]],
                    ["id": "nowhere"],
                ]
            ])
        func within(_ metres: Double) throws -> [String] {
            let point: JSONValue = ["latitude": 37.3318, "longitude": -122.0312]
            let query = try Query("sites", where: .cond(Condition("place", .near, .tolerance(point, .number(JSONNumber(metres))))))
                .compiled(with: schema)
            return try query.find(in: data).compactMap { $0["id"]?.stringValue }
        }
        #expect(try within(100) == ["cupertino"])
        #expect(try within(5_000) == ["cupertino", "sunnyvale"])
        #expect(try within(9_000_000) == ["cupertino", "stockholm", "sunnyvale"])
        let error = #expect(throws: QueryError.self) {
            try Query("sites", where: .cond(Condition("place", .near, .tolerance([1, 2], 100)))).compiled(with: schema)
        }
        #expect(error?.kind == .typeMismatch)
    }
}
