import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

/// Traps 1 and 2 of query.md: null and case.
@Suite struct NullAndCaseTests {
    static func users(_ condition: Condition) throws -> [String] {
        try Blog.ids(Query("users", where: .cond(condition)))
    }

    @Test("null fails every comparison by default, != included (ObjectBox)")
    func nullFailsByDefault() throws {
        #expect(try Self.users(Condition("nickname", .ne, "ace")) == ["u3"])
        #expect(try Self.users(Condition("age", .ne, 34)) == ["u2"])
        #expect(try Self.users(Condition("age", .lt, 100)) == ["u1", "u2"])
        #expect(try Self.users(Condition("nickname", .notIn, .list(["ace"]))) == ["u3"])
    }

    @Test("nullMatches lets null rows pass (PocketBase !=)")
    func nullMatches() throws {
        #expect(try Self.users(Condition("nickname", .ne, "ace", nullMatches: true)) == ["u2", "u3"])
        #expect(try Self.users(Condition("age", .ne, 34, nullMatches: true)) == ["u2", "u3"])
    }

    @Test("emptyEqualsNull makes null and \"\" one value for text")
    func emptyEqualsNull() throws {
        let equalsEmpty = Condition("nickname", .eq, .value(""), emptyEqualsNull: true)
        let equalsNull = Condition("nickname", .eq, .value(.null), emptyEqualsNull: true)
        let isNull = Condition("nickname", .isNull, emptyEqualsNull: true)
        #expect(try Self.users(equalsEmpty) == ["u2", "u3"])
        #expect(try Self.users(equalsNull) == ["u2", "u3"])
        #expect(try Self.users(isNull) == ["u2", "u3"])
        #expect(try Self.users(Condition("nickname", .isNull)) == ["u2"])
        #expect(try Self.users(Condition("nickname", .eq, "")) == ["u3"])
    }

    @Test("a null operand matches nothing, even for !=")
    func nullOperand() throws {
        #expect(try Self.users(Condition("age", .eq, .value(.null))) == [])
        #expect(try Self.users(Condition("age", .ne, .value(.null))) == [])
        #expect(try Self.users(Condition("age", .between, .range(.null, 50))) == [])
    }

    @Test("a stored value that does not have the field's type counts as null")
    func wrongStoredType() throws {
        let data = InMemoryDataSource(
            schema: Blog.schema, records: ["users": [["id": "x", "age": "forty"], ["id": "y", "age": 40]]])
        let query = try Query("users", where: .cond(Condition("age", .isNull))).compiled(with: Blog.schema)
        #expect(try query.findIDs(in: data, environment: Blog.environment) == ["x"])
    }

    @Test("string conditions are case-sensitive by default; caseSensitive: false folds ASCII only")
    func caseFolding() throws {
        #expect(try Self.users(Condition("name", .eq, "BOB")) == [])
        #expect(try Self.users(Condition("name", .eq, "BOB", caseSensitive: false)) == ["u2"])
        #expect(try Self.users(Condition("name", .eq, "émile", caseSensitive: false)) == [])
        let unicode = Condition("name", .eq, .value("emile"), caseSensitive: false, fold: .unicode)
        #expect(try Self.users(unicode) == ["u3"])
        #expect(try Self.users(Condition("email", .endsWith, "EXAMPLE.COM", caseSensitive: false)).count == 3)
        #expect(try Self.users(Condition("name", .contains, .value("OB"), caseSensitive: false)) == ["u2"])
    }

    @Test("text never compares with a number silently: literals of the wrong type are type_mismatch")
    func typeMismatch() throws {
        let cases: [(Condition, String)] = [
            (Condition("name", .eq, 5), "cannot compare string field 'name' with the number 5"),
            (Condition("name", .gt, 100), "cannot compare string field 'name' with the number 100"),
            (Condition("age", .eq, "abc"), #"cannot compare integer field 'age' with the string "abc""#),
            (Condition("verified", .eq, "true"), #"cannot compare bool field 'verified' with the string "true""#),
            (Condition("joined", .gt, "yesterday"), #"cannot compare date field 'joined' with the string "yesterday""#),
            (Condition("avatar", .eq, "%%"), #"cannot compare bytes field 'avatar' with the string "%%""#),
            (Condition("age", .in, .list([1, "x"])), #"cannot compare integer field 'age' with the string "x""#),
        ]
        for (condition, message) in cases {
            let error = #expect(throws: QueryError.self) {
                try Query("users", where: .cond(condition)).compiled(with: Blog.schema)
            }
            #expect(error?.kind == .typeMismatch)
            #expect(error?.message == message)
        }
    }
}
