import Testing
import TreatyJSON

@testable import TreatyPocketBase

@Suite struct PocketBaseDialectFieldsTests {
    let record: JSONObject = [
        "id": "abc", "title": "Hello World", "views": 10,
        "body": "<p>Hello <b>world</b>,</p><p>this is   the second paragraph.</p>",
    ]

    @Test("a fields list splits only on the commas outside parentheses")
    func splitsOutsideParentheses() {
        let entries = PocketBaseDialect.fieldEntries("id, body:excerpt(20,true),title").map(String.init)
        #expect(entries == ["id", " body:excerpt(20,true)", "title"])
    }

    @Test(
        "excerpts cut, add the ellipsis only when cut, and leave non-text values alone",
        arguments: [
            ("body:excerpt(20,true)", ["body": "Hello world, this is..."]),
            ("body:excerpt(200,true)", ["body": "Hello world, this is the second paragraph."]),
            ("title:excerpt(5,true)", ["title": "Hello..."]),
            ("id,body:excerpt(20, true),views:excerpt(1)", ["body": "Hello world, this is...", "id": "abc", "views": 10]),
        ] as [(String, JSONObject)])
    func excerpts(fields: String, expected: JSONObject) throws {
        #expect(try PocketBaseDialect.applyFields(fields, to: record) == expected)
    }

    @Test("a bad excerpt argument is a 400", arguments: ["body:excerpt(abc)", "body:excerpt(0)", "body:excerpt"])
    func badExcerpt(fields: String) {
        #expect(throws: PocketBaseErrorResponse.self) { try PocketBaseDialect.applyFields(fields, to: self.record) }
    }
}
