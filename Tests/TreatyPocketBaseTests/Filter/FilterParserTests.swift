import Testing
import TreatyJSON
import TreatyQuery

@testable import TreatyPocketBase
import TreatyTestSupport

@Suite struct FilterParserTests {
    static func parse(_ filter: String) throws(QueryParseError) -> Expr {
        try PocketBaseFilter.parse(filter, schema: Blog.schema, resource: "posts")
    }

    @Test(
        "filters become the query model",
        arguments: [
            (
                #"title ~ "x" && views > 100"#,
                #"all[like(title, "x")[ci, emptyIsNull, wrap], gt(views, 100)[emptyIsNull]]"#
            ),
            (#"tags.id ?= "t1""#, #"tags.join(tags){eq(id, "t1")[emptyIsNull]}"#),
            (
                #"tags.name = 'a'"#,
                #"all[tags.join(tags){eq(name, "a")[emptyIsNull]}, tags.all[empty: asOneEmptyValue]{eq(name, "a")[emptyIsNull]}]"#
            ),
            ("a = 1 || b = 2 && c = 3", "(parsed below)"),
            (
                "title != 'x' || views <= -1.5",
                #"any[ne(title, "x")[nullMatches, emptyIsNull], le(views, -1.5)[emptyIsNull]]"#
            ),
            (
                #"title = "it's \"quoted\"" && body = 'don\'t'"#,
                #"all[eq(title, "it's \"quoted\"")[emptyIsNull], eq(body, "don't")[emptyIsNull]]"#
            ),
            (#"title ~ 'a\_b'"#, #"like(title, "a\\_b")[ci, emptyIsNull, wrap]"#),
            ("title !~ 'x'", #"not(like(title, "x")[ci, emptyIsNull, wrap])"#),
            ("published > @now", "gt(published:date_text, @now)[emptyIsNull]"),
            ("views >= @weekday", "ge(views, @weekday)[emptyIsNull]"),
            ("draft = true", "eq(draft, true)[emptyIsNull]"),
            ("views = null", "any[]"),
            ("views != null", "all[]"),
            ("tags = ''", #"eq(tags:json, "")[emptyIsNull]"#),
            ("tags:length > 1", "gt(tags:length, 1)[emptyIsNull]"),
            (
                "labels:each = 'x'",
                #"all[eq(labels, "x")[empty: asOneEmptyValue, emptyIsNull, join: labels:each], eq(labels, "x")[all, empty: asOneEmptyValue, emptyIsNull]]"#
            ),
            ("labels:each ?= 'x'", #"eq(labels, "x")[empty: asOneEmptyValue, emptyIsNull, join: labels:each]"#),
            ("title:lower = 'x'", #"eq(title:lower, "x")[emptyIsNull]"#),
            (
                "author.name = 'Ava'",
                #"author.join(author){eq(name, "Ava")[emptyIsNull]}"#
            ),
            (
                "comments_via_post.user.name ?= 'bob'",
                #"comments_via_post.join(comments_via_post){user.join(comments_via_post.user){eq(name, "bob")[emptyIsNull]}}"#
            ),
            (
                "@collection.tags.name ?= 'x'",
                #"@collection.tags.join(@collection.tags){eq(name, "x")[emptyIsNull]}"#
            ),
            ("5 < views", "gt(views, 5)[emptyIsNull]"),
            ("author = @request.auth.id", "eq(author, @request.auth.id)[emptyIsNull]"),
            ("@request.auth.id != ''", #"ne(@request.auth.id, "")[nullMatches, emptyIsNull]"#),
            ("@request.body.title:isset = true", "eq(@request.body.title:isset, true)[emptyIsNull]"),
            ("views > {:min}", "gt(views, $min)[emptyIsNull]"),
            ("created > updated", "(parsed below)"),
            ("(views>1)&&(views<5)", "all[gt(views, 1)[emptyIsNull], lt(views, 5)[emptyIsNull]]"),
            (
                "views > 1 // first\n// second\n&& views < 5",
                "all[gt(views, 1)[emptyIsNull], lt(views, 5)[emptyIsNull]]"
            ),
            ("'a' = 'a'", "all[]"),
            ("'a' ~ 'B'", "any[]"),
        ])
    func valid(filter: String, expected: String) throws {
        guard expected != "(parsed below)" else { return }
        #expect(try Self.parse(filter).description == expected)
    }

    @Test("&& binds tighter than ||")
    func precedence() throws {
        let schema = QuerySchema([ResourceSchema("r", fields: ["a": .integer, "b": .integer, "c": .integer])])
        let expr = try PocketBaseFilter.parse("a = 1 || b = 2 && c = 3", schema: schema, resource: "r")
        #expect(expr.description == "any[eq(a, 1)[emptyIsNull], all[eq(b, 2)[emptyIsNull], eq(c, 3)[emptyIsNull]]]")
    }

    @Test("a field may be compared with another field of the listed record, as SQLite compares columns")
    func fieldToField() throws {
        let schema = QuerySchema([ResourceSchema("r", fields: ["created": .date, "updated": .date])])
        let expr = try PocketBaseFilter.parse("created < updated", schema: schema, resource: "r")
        #expect(expr.description == "lt(created, ^updated)[sqlite]")
        let data = InMemoryDataSource(
            schema: schema,
            records: [
                "r": [
                    ["id": "a", "created": "2025-01-01 00:00:00.000Z", "updated": "2025-01-02 00:00:00.000Z"],
                    ["id": "b", "created": "2025-01-03 00:00:00.000Z", "updated": "2025-01-02 00:00:00.000Z"],
                ]
            ])
        let ids = try Query("r", where: expr).compiled(with: schema).findIDs(in: data, environment: Blog.environment)
        #expect(ids == ["a"])
    }

    @Test(
        "every parse error names its position and what was expected",
        arguments: [
            ("views 100", "filter: expected an operator after 'views' at column 7"),
            ("views >", "filter: expected a field or a value after '>' at column 8"),
            ("(views > 1", "filter: expected a ')' to close this '(' at column 1"),
            ("views > 1)", "filter: unexpected ')' without a matching '(' at column 10"),
            (
                "views > 1 views",
                "filter: expected '&&', '||' or the end of the filter after '1', found 'views' at column 11"
            ),
            (
                "views > 1 and draft = true",
                "filter: expected '&&', '||' or the end of the filter after '1', found 'and' at column 11; use '&&' instead of 'and'"
            ),
            ("(views > 1 draft", "filter: expected '&&', '||' or ')' after '1', found 'draft' at column 12"),
            ("&& views > 1", "filter: expected a field or a value before '&&' at column 1"),
            ("title = 'a' ||", "filter: expected a field or a value after '||' at column 15"),
            ("titel = 'x'", "filter: unknown field 'titel' in 'posts' at column 1; did you mean 'title'?"),
            ("author.nmae = 'x'", "filter: unknown field 'nmae' in 'users' at column 8; did you mean 'name'?"),
            ("title.x = 1", "filter: 'title' is a string field, not a relation; it has no fields at column 1"),
            // `views = 'abc'`, `title ~ 5`, `draft = 'true'`, `views ~ 5` and `1 = @now` parse: PocketBase
            // answers them as SQLite does (PocketBaseSemanticsTests.looseTyping); the typed builder still refuses.
            ("views = @now", "filter: cannot compare integer field 'views' with the macro @now at column 9"),
            ("draft ~ 'x'", "filter: the operator '~' does not apply to bool field 'draft' at column 7"),
            (
                "views == 1",
                "filter: unknown operator '=='; expected = != > >= < <= ~ !~ or a ?-form such as ?= at column 7; did you mean '='?"
            ),
            ("title = 'abc", "filter: unterminated string starting with ' at column 9"),
            ("views > 1 & draft = true", "filter: expected '&&' but found a single '&' at column 11"),
            ("views > $1", "filter: unexpected character '$' at column 9"),
            (
                "title:upper = 'x'",
                "filter: unknown modifier ':upper' at column 6; expected ':lower', ':length' or ':each'"
            ),
            ("published > @nowz", "filter: unknown macro '@nowz' at column 13; did you mean '@now'?"),
            ("users_via_post.id = 'x'", "filter: 'post' of 'users' is not a relation to 'posts' at column 11"),
            (
                "comments_via_post = 'x'",
                "filter: the back-relation 'comments_via_post' needs a field, such as 'comments_via_post.id' at column 1"
            ),
            ("title = {x}", "filter: expected ':' after '{' in a {:placeholder} at column 9"),
            ("5 ~ title", "filter: '~' needs the field on its left; write 'title ~ 5' at column 3"),
            (
                "views > 1\n&& titel = 'x'",
                "filter: unknown field 'titel' in 'posts' at line 2, column 4; did you mean 'title'?"
            ),
            (
                "@collection.user.name ?= 'x'",
                "filter: expected '@collection.<collection>.<field>', found 'user' at column 13; did you mean 'users'?"
            ),
        ])
    func errors(filter: String, expected: String) throws {
        let error = #expect(throws: QueryParseError.self) { try Self.parse(filter) }
        #expect(error?.description == expected)
    }

    @Test("':each' and ':length' on a field holding one value are ignored, as PocketBase 0.40 does")
    func modifiersOnSingleValues() throws {
        #expect(try Self.parse("views:each = 5").description == Self.parse("views = 5").description)
        #expect(try Self.parse("views:length = 5").description == Self.parse("views = 5").description)
        #expect(try Self.parse("tags.name:each = 'a'").description == Self.parse("tags.name = 'a'").description)
    }

    @Test("errors carry their kind and a caret snippet")
    func snippet() throws {
        let error = try #require(throws: QueryParseError.self) { try Self.parse("views 100") }
        #expect(error.kind == .syntax)
        #expect(error.offset == 6 && error.line == 1 && error.column == 7)
        #expect(error.rendered == "filter: expected an operator after 'views' at column 7\n  views 100\n        ^")
        let unknown = try #require(throws: QueryParseError.self) { try Self.parse("views > 1 && titel = 1") }
        #expect(unknown.kind == .unknownField)
        #expect(unknown.snippet == "  views > 1 && titel = 1\n               ^")
        let mismatch = try #require(throws: QueryParseError.self) { try Self.parse("views = @now") }
        #expect(mismatch.kind == .typeMismatch)
        #expect(mismatch.queryError.kind == .typeMismatch)
    }

    @Test("an unknown collection is refused with a suggestion")
    func unknownCollection() throws {
        let error = #expect(throws: QueryParseError.self) {
            try PocketBaseFilter.parse("a = 1", schema: Blog.schema, resource: "post")
        }
        #expect(error?.description == "filter: unknown collection 'post' at column 1; did you mean 'posts'?")
    }

    @Test("syntaxError(in:) checks only the grammar, without a schema")
    func syntaxOnly() throws {
        #expect(PocketBaseFilter.syntaxError(in: #"title ~ "a" && @now > created && tags:each ?= "x""#) == nil)
        #expect(PocketBaseFilter.syntaxError(in: "author.name = 1 || views:length > 2") == nil)
        let dangling = try #require(PocketBaseFilter.syntaxError(in: "views > 1 &&"))
        #expect(dangling.kind == .syntax && dangling.offset == 12)
        #expect(PocketBaseFilter.syntaxError(in: #"name = "unterminated"#) != nil)
    }
}
