import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

/// The query model's own condition syntax (`ConditionText`).
@Suite struct ConditionTextTests {
    static func parse(_ text: String) throws(QueryParseError) -> Expr {
        try ConditionText.parse(text, schema: Blog.schema, resource: "posts")
    }

    static func posts(_ text: String) throws -> [String] {
        try Blog.posts(parse(text))
    }

    @Test(
        "conditions become the query model",
        arguments: [
            (
                #"title ~ "x" && views > 100"#,
                #"all[like(title, "x")[ci, emptyIsNull, wrap], gt(views, 100)[emptyIsNull]]"#
            ),
            (
                "title != 'x' || views <= -1.5 && draft = true",
                #"any[ne(title, "x")[nullMatches, emptyIsNull], all[le(views, -1.5)[emptyIsNull], eq(draft, true)[emptyIsNull]]]"#
            ),
            (#"title = "it's \"quoted\"""#, #"eq(title, "it's \"quoted\"")[emptyIsNull]"#),
            ("title !~ 'x'", #"not(like(title, "x")[ci, emptyIsNull, wrap])"#),
            ("title = null", "isNull(title)[emptyIsNull]"),
            ("views != null", "isNotNull(views)[emptyIsNull]"),
            (#"labels:each ?= "a""#, #"eq(labels, "a")[emptyIsNull]"#),
            (#"labels:each = "a""#, #"eq(labels, "a")[all, emptyIsNull]"#),
            (#"labels:each !~ "a""#, #"like(labels, "a")[ci, none, emptyIsNull, wrap]"#),
            (#"labels = "[]""#, #"eq(labels:json, "[]")[emptyIsNull]"#),
            ("labels:length > 1", "gt(labels:length, 1)[emptyIsNull]"),
            ("title:lower = 'a'", #"eq(title:lower, "a")[emptyIsNull]"#),
            ("title = body", "eq(title, body)[emptyIsNull]"),
            ("  ", "all[]"),
        ])
    func model(text: String, expected: String) throws {
        #expect(try Self.parse(text).description == expected)
    }

    @Test("conditions select records with the model's semantics")
    func evaluation() throws {
        #expect(try Self.posts(#"title ~ "SWIFT""#) == ["p1"])
        #expect(try Self.posts("views >= 100 && (draft = false || rating >= 4.0)") == ["p1", "p3"])
        #expect(try Self.posts(#"labels:each ?= "swift""#) == ["p1", "p5"])
        #expect(try Self.posts(#"labels:each = "swift""#) == ["p3", "p4", "p5"])
        #expect(try Self.posts("body = null") == ["p3", "p4"])
        #expect(try Self.posts("title != 'alpha'") == ["p1", "p2", "p3", "p4"])
        #expect(try Self.posts("title:lower = 'about linux' || labels:length > 1") == ["p1", "p2", "p5"])
    }

    @Test(
        "errors name the character and suggest a fix",
        arguments: [
            ("title = ", "condition: expected a field or a value after '=' at column 9"),
            ("titel = 'a'", "condition: unknown field 'titel' at column 1; did you mean 'title'?"),
            (
                "views == 1",
                "condition: unknown operator '=='; expected = != > >= < <= ~ !~ or a ?-form such as ?= at column 7; did you mean '='?"
            ),
            (
                "views = 1 and draft = true",
                "condition: expected '&&', '||' or the end of the condition after '1', found 'and' at column 11; use '&&' instead of 'and'"
            ),
            ("(views = 1", "condition: expected a ')' to close this '(' at column 1"),
            ("views = 'abc'", #"condition: cannot compare integer field 'views' with the string "abc" at column 9"#),
            ("views ~ 'a'", "condition: operator 'like' does not apply to integer field 'views' at column 7"),
            (
                "title:upper = 'a'",
                "condition: unknown modifier ':upper' at column 6; expected ':lower', ':length' or ':each'"
            ),
            ("views > null", "condition: null compares only with '=' and '!=' at column 7"),
            ("title = 'a", "condition: unterminated string starting with ' at column 9"),
            ("title & x", "condition: expected '&&' but found a single '&' at column 7"),
        ])
    func errors(text: String, expected: String) {
        #expect(throws: QueryParseError.self) { try Self.parse(text) }
        do {
            _ = try Self.parse(text)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("the grammar is checked without a schema")
    func syntaxOnly() {
        #expect(ConditionText.syntaxError(in: #"anything ~ "x" && other:each ?= 1"#) == nil)
        let error = ConditionText.syntaxError(in: "display_name = ")
        #expect(error?.message == "expected a field or a value after '='")
        #expect(error?.offset == 15)
    }
}
