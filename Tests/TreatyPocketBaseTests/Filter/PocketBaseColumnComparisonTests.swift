import Testing
import TreatyJSON
import TreatyQuery

@testable import TreatyPocketBase
import TreatyTestSupport

/// Two fields compared as PocketBase's SQLite compares two columns: `=`/`!=` through
/// `COALESCE(a,'')` without affinity, orderings with SQLite's affinity conversions, `~` over
/// the values' text; each side read from its own record (the listed one, or a join's choice).
@Suite struct PocketBaseColumnComparisonTests {
    static func posts(_ filter: String) throws -> [String] {
        let expr = try PocketBaseFilter.parse(filter, schema: Blog.schema, resource: "posts")
        return try Query("posts", where: expr).compiled(with: Blog.schema)
            .findIDs(in: Blog.data(), environment: Blog.environment).compactMap(\.stringValue)
    }

    @Test(
        "fields of different kinds on one record",
        arguments: [
            ("views = title", ["p4"]),  // a number never equals a text; NULL and '' are both ''
            ("views != title", ["p1", "p2", "p3", "p5"]),
            ("views < title", ["p1", "p2", "p3", "p5"]),  // every number sorts before every text
            ("title > views", ["p1", "p2", "p3", "p5"]),
            ("title ~ views", ["p3"]),  // 'Zebra_crossing 100%' LIKE '%100%'
            ("draft = views", ["p4"]),  // both NULL: COALESCE makes both ''
            ("draft != views", ["p1", "p2", "p3", "p5"]),
            ("rating < views", ["p1", "p2", "p3"]),
        ])
    func sameRecord(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test(
        "a right-hand field is the listed record's, or the record its own join chose",
        arguments: [
            ("comments_via_post.post ?= id", ["p1", "p2"]),
            ("views > author.age", ["p1", "p2", "p3"]),
            ("author.age < views", ["p1", "p2", "p3"]),
            ("@collection.tags.name ?= title", []),
            ("@collection.tags.name ?!= title", ["p1", "p2", "p3", "p4", "p5"]),
            ("@collection.tags:a.name ?= 'swift' && @collection.tags:a.name ?= 'Linux'", []),
            ("@collection.tags:a.name ?= 'swift' && @collection.tags:b.name ?= 'Linux'", ["p1", "p2", "p3", "p4", "p5"]),
        ])
    func throughJoins(filter: String, expected: [String]) throws {
        #expect(try Self.posts(filter) == expected)
    }

    @Test("SQLite's affinity conversions and order of storage classes")
    func sqliteValues() {
        #expect(SQLiteValue.text("25").applying(.numeric) == .integer(25))
        #expect(SQLiteValue.text(" 2.5 ").applying(.numeric) == .real(2.5))
        #expect(SQLiteValue.text("2x").applying(.numeric) == .text("2x"))
        #expect(SQLiteValue.integer(7).applying(.text) == .text("7"))
        #expect(SQLiteValue.compare(.integer(100), .text("1")) == -1)
        #expect(SQLiteValue.compare(.null, .integer(1)) == nil)
        #expect(SQLiteValue.column(.array(["a", "b"]), kind: .list(of: .string), modifier: nil) == .text(#"["a","b"]"#))
        #expect(SQLiteValue.column(.bool(true), kind: .bool, modifier: nil) == .integer(1))
        #expect(SQLiteValue.affinity(of: .relation(to: "tags", many: true), modifier: nil) == .numeric)
        #expect(SQLiteValue.affinity(of: .string, modifier: .lowercased) == .none)
    }
}
