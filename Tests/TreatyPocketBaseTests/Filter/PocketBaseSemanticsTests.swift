import Testing
import TreatyJSON
import TreatyQuery

@testable import TreatyPocketBase
import TreatyTestSupport

/// PocketBase filters evaluated on the blog: the odd semantics of pocketbase.md §6.
@Suite struct PocketBaseSemanticsTests {
    static func posts(_ filter: String, environment: QueryEnvironment = Blog.environment) throws -> [String] {
        let expr = try PocketBaseFilter.parse(filter, schema: Blog.schema, resource: "posts")
        return try Query("posts", where: expr).compiled(with: Blog.schema)
            .findIDs(in: Blog.data(), environment: environment).compactMap(\.stringValue)
    }

    @Test(
        "null and empty text are one value, != matches null rows, number and bool = null match nothing",
        arguments: [
            ("body = null", ["p3", "p4"]),
            ("body = ''", ["p3", "p4"]),
            ("body != ''", ["p1", "p2", "p5"]),
            ("body != null", ["p1", "p2", "p5"]),
            ("title != 'alpha'", ["p1", "p2", "p3", "p4"]),
            ("views != 100", ["p1", "p2", "p4", "p5"]),
            ("views = null", []),
            ("views != null", ["p1", "p2", "p3", "p4", "p5"]),
            ("draft = null", []),
            ("author = null", ["p4"]),
            ("author = 'u1'", ["p1", "p3"]),
            ("views = '100'", ["p3"]),
        ])
    func nulls(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test(
        "a bool compares with numbers and numeric text as 0 or 1, as SQLite's numeric affinity does",
        arguments: [
            ("draft = '1'", ["p3"]),
            ("draft = 1", ["p3"]),
            ("draft = 0", ["p1", "p2", "p5"]),
            ("draft > 0.5", ["p3"]),
            ("draft < 3", ["p1", "p2", "p3", "p4", "p5"]),
            ("draft = 2", []),
            ("draft = 'true'", []),
            ("1 = draft", ["p3"]),
        ])
    func booleansAsNumbers(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test("a bool against a clock macro compares the macro's number with 0 or 1 when it runs")
    func booleanAgainstMacro() throws {
        let oneOClock = QueryEnvironment(now: try #require(DateText.milliseconds("2025-06-01T01:30:00Z")))
        let twoOClock = QueryEnvironment(now: try #require(DateText.milliseconds("2025-06-01T02:30:00Z")))
        #expect(try Self.posts("draft != @hour", environment: oneOClock) == ["p1", "p2", "p5"])
        #expect(try Self.posts("draft = @hour", environment: oneOClock) == ["p3"])
        #expect(try Self.posts("draft = @hour", environment: twoOClock) == [])
        #expect(try Self.posts("draft < @hour", environment: twoOClock) == ["p1", "p2", "p3", "p5"])
    }

    @Test(
        "~ is an ASCII case-insensitive LIKE; without an unescaped % the value is literal and wrapped in %…%",
        arguments: [
            ("title ~ 'linux'", ["p2"]),
            ("title ~ 'a%'", ["p1", "p2", "p5"]),
            ("title ~ 'z_bra'", []),
            ("title ~ 'bra_c'", ["p3"]),
            ("title ~ '%z_bra%'", ["p3"]),
            ("title ~ '100\\%'", ["p3"]),
            ("title ~ '%100\\%'", ["p3"]),
            ("title ~ '%g 1%'", ["p3"]),
            ("title !~ 'swift'", ["p2", "p3", "p4", "p5"]),
            ("author.name ~ 'émile'", []),
            ("author.name ~ 'ÉMILE'", ["p5"]),
            ("title = 'ALPHA'", []),
        ])
    func like(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test(
        "type mismatches answer as PocketBase's SQLite does: LIKE over a number's text, true as 1, number < text",
        arguments: [
            ("views ~ 2", ["p1"]),
            ("views ~ 0", ["p1", "p2", "p3"]),
            ("title ~ 100", ["p3"]),
            ("title = 5", []),
            ("views = true", []),
            ("views >= true", ["p1", "p2", "p3"]),
            ("views = 'abc'", []),
            ("views != 'abc'", ["p1", "p2", "p3", "p4", "p5"]),
            ("views > 'abc'", []),
            ("draft = 'true'", []),
        ])
    func looseTyping(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test(
        "a macro compared with a literal is read from the clock at evaluation: every row or none",
        arguments: [
            ("@year > 2000", ["p1", "p2", "p3", "p4", "p5"]),
            ("@year = 2025 && @month = 3 && @day = 4", ["p1", "p2", "p3", "p4", "p5"]),
            ("@weekday >= 0 && @weekday <= 6", ["p1", "p2", "p3", "p4", "p5"]),
            ("@year < 2025", []),
            ("2000 < @year", ["p1", "p2", "p3", "p4", "p5"]),
            ("@now > '2025-03-01'", ["p1", "p2", "p3", "p4", "p5"]),
            ("@todayStart < @now", ["p1", "p2", "p3", "p4", "p5"]),
            ("@year = '2025'", []),
            ("1 = @now", []),
            ("@now > 1", ["p1", "p2", "p3", "p4", "p5"]),
        ])
    func macroConstants(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test("a macro comparison re-reads the clock at each evaluation")
    func macroClock() throws {
        let query = try Query("posts", where: PocketBaseFilter.parse("@year >= 2026", schema: Blog.schema, resource: "posts"))
            .compiled(with: Blog.schema)
        let later = QueryEnvironment(now: try #require(DateText.milliseconds("2026-01-01T00:00:00Z")))
        #expect(try query.findIDs(in: Blog.data(), environment: Blog.environment).isEmpty)
        #expect(try query.findIDs(in: Blog.data(), environment: later).count == 5)
    }

    @Test(
        "dates compare as text against the stored '2025-03-04 05:06:07.089Z' form",
        arguments: [
            ("published >= '2025-02-01'", ["p2", "p3"]),
            ("published = '2025-03-04 05:06:07.089Z'", ["p3"]),
            ("published = '2025-03-04T05:06:07.089Z'", []),
            ("published = '2025-03-04 05:06:07'", []),
            ("published < '2025-01-01T00:00:00Z'", ["p4", "p5"]),
            ("published < @now", ["p1", "p2", "p4", "p5"]),
            ("published >= @todayStart && published <= @todayEnd", ["p3"]),
            ("published > @monthStart", ["p3"]),
            ("published >= @yearStart", ["p1", "p2", "p3"]),
            ("published > @yearEnd", []),
        ])
    func dates(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test(
        "multi-valued paths: plain operators need every related row, ?-forms one; no rows act as one empty value (NULL for !~)",
        arguments: [
            ("tags.name = 'swift'", ["p5"]),
            ("tags.name ?= 'swift'", ["p1", "p5"]),
            ("tags.id = ''", ["p3", "p4"]),
            ("tags.name != 'swift'", ["p2", "p3", "p4"]),
            ("tags.name ?!= 'swift'", ["p1", "p2", "p3", "p4"]),
            ("tags.name ?~ 'SER'", ["p1"]),
            ("tags.name ?> 'r'", ["p1", "p5"]),
            ("tags.name > 'r'", ["p1", "p5"]),
            ("tags.name > 'sf'", ["p5"]),
            ("tags.name ?> 'sf'", ["p1", "p5"]),
            ("tags.name ?<= 'M'", ["p2", "p3", "p4"]),
            ("comments_via_post.created ?>= '2025-01-12'", ["p1", "p2"]),
            ("comments_via_post.created >= '2025-01-12'", ["p2"]),
            ("comments_via_post.created ?< '2025-01-12'", ["p1", "p3", "p4", "p5"]),
            ("tags.name !~ 'i'", []),
            ("tags.name != 'i'", ["p1", "p2", "p3", "p4", "p5"]),
            ("'swift' ?= tags.name", ["p1", "p5"]),
            ("comments_via_post.text ?~ 'great'", ["p1"]),
            ("comments_via_post.user.name ?= 'bob'", ["p1"]),
            ("comments_via_post.id = ''", ["p3", "p4", "p5"]),
            ("author.verified = true", ["p1", "p3", "p5"]),
            ("author.name:lower = 'bob'", ["p2"]),
            ("@collection.users.name ?= 'bob'", ["p1", "p2", "p3", "p4", "p5"]),
            ("@collection.users.name = 'bob'", []),
        ])
    func multiValued(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test(
        "a bare multi-valued field is its JSON text; :each tests elements and :length counts them",
        arguments: [
            ("tags ?= 't1'", []),
            ("tags = ''", []),
            ("tags = null", []),
            ("tags ~ 't1'", ["p1", "p5"]),
            ("tags = '[]'", ["p3", "p4"]),
            ("tags:length = 0", ["p3", "p4"]),
            ("tags:length > 1", ["p1", "p5"]),
            ("labels:each = 'swift'", ["p5"]),
            ("labels:each ?= 'swift'", ["p1", "p5"]),
            ("labels:each !~ 'sw'", ["p2"]),
            ("labels:each ?!~ 'sw'", ["p1", "p2"]),
            ("scores:each > 2", ["p1", "p2"]),
            ("labels:length = 2", ["p1", "p5"]),
        ])
    func bareAndModifiers(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test(
        "grouping, precedence, comments and mirrored comparisons",
        arguments: [
            ("views > 90 && (title ~ 'swift' || draft = true)", ["p1", "p3"]),
            ("views > 110 || views < 0 && draft = false", ["p1", "p5"]),
            ("(views > 110 || views < 0) && draft = false", ["p1", "p5"]),
            ("views > 100 // popular\n|| draft = true", ["p1", "p3"]),
            ("100 < views", ["p1"]),
            ("'x' = 'x' && views > 100", ["p1"]),
            ("1 = 2 || views > 100", ["p1"]),
            ("", ["p1", "p2", "p3", "p4", "p5"]),
            ("  // nothing but a comment", ["p1", "p2", "p3", "p4", "p5"]),
        ])
    func grammar(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test("@request paths read the caller's context: guests match rows with an empty author")
    func requestContext() throws {
        let member = QueryEnvironment(now: Blog.environment.now, request: ["auth": ["id": "u1"]])
        let guest = QueryEnvironment(now: Blog.environment.now, request: ["auth": ["id": ""]])
        #expect(try Self.posts("author = @request.auth.id", environment: member) == ["p1", "p3"])
        #expect(try Self.posts("@request.auth.id = author", environment: member) == ["p1", "p3"])
        #expect(try Self.posts("author = @request.auth.id", environment: guest) == ["p4"])
        #expect(try Self.posts("@request.auth.id != '' && views > 100", environment: member) == ["p1"])
        #expect(try Self.posts("@request.auth.id != '' && views > 100", environment: guest) == [])
        #expect(try Self.posts("@request.body.title:isset = true", environment: member) == [])
        let writer = QueryEnvironment(now: Blog.environment.now, request: ["body": ["title": "Hello SWIFT", "n": 3]])
        #expect(try Self.posts("@request.body.title ~ 'swift' && views > 100", environment: writer) == ["p1"])
        #expect(try Self.posts("@request.body.title ~ 'linux'", environment: writer) == [])
        #expect(
            try Self.posts("@request.body.title:isset = true && @request.body.n > 2", environment: writer).count == 5)
        #expect(try Self.posts("@request.body.title = 'hello swift'", environment: writer) == [])
        #expect(try Self.posts("@request.body.title:lower = 'hello swift'", environment: writer).count == 5)
        let expr = try PocketBaseFilter.parse(
            "author = @request.auth.id && @collection.users.name ?= 'x'", schema: Blog.schema, resource: "posts")
        #expect(expr.requestPaths.map(\.description) == ["@request.auth.id"])
        #expect(expr.referencedCollections == ["users"])
    }

    @Test("{:name} placeholders are parameters set after parsing, in every place they appear")
    func placeholders() throws {
        let expr = try PocketBaseFilter.parse(
            "views > {:min} || title ~ {:q} || body ~ {:q}", schema: Blog.schema, resource: "posts")
        var query = try Query("posts", where: expr).compiled(with: Blog.schema)
        #expect(query.parameterNames == ["min", "q"])
        let unset = #expect(throws: QueryError.self) { try query.find(in: Blog.data(), environment: Blog.environment) }
        #expect(unset?.kind == .unboundParameter)
        try query.setParameter("min", to: 110)
        try query.setParameter("q", to: "linux")
        #expect(try query.findIDs(in: Blog.data(), environment: Blog.environment) == ["p1", "p2"])
        try query.setParameter("q", to: "ünïcödé")
        #expect(try query.findIDs(in: Blog.data(), environment: Blog.environment) == ["p1"])
        let mismatch = #expect(throws: QueryError.self) { try query.setParameter("min", to: "many") }
        #expect(mismatch?.kind == .typeMismatch)
    }
}
