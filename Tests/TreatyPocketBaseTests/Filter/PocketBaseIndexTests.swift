import Testing
import TreatyJSON
import TreatyQuery

@testable import TreatyPocketBase
import TreatyTestSupport

/// PocketBase filters read a missing text as `""`; indexes hold no missing values, so only
/// lookups that exclude `""` may use them — and those must, for speed.
@Suite struct PocketBaseIndexTests {
    static let schema = QuerySchema([ResourceSchema("posts", fields: ["views": .integer, "status": .string])])
    static let env = Blog.environment

    static func records() -> [JSONObject] {
        (0..<40).map { index in
            var record: JSONObject = ["id": .string("p\(index)"), "views": .number(JSONNumber(index * 25))]
            switch index % 4 {
            case 0: record["status"] = "published"
            case 1: record["status"] = ""
            case 2: record["status"] = .null
            default: record["status"] = "draft"
            }
            return record
        }
    }

    @Test(
        "indexed and scanning sources agree on PocketBase filters, and the ones that exclude \"\" use indexes",
        arguments: [
            ("views > 500 && status = \"published\"", true), ("status = \"published\"", true),
            ("status = \"\"", false), ("status != \"draft\"", false), ("status >= \"d\"", true),
            ("status < \"p\"", false), ("views <= 100 && status = null", true), ("status ?= \"draft\"", true),
        ])
    func agreement(filter: String, indexed expectIndex: Bool) throws {
        let indexed = InMemoryDataSource(schema: Self.schema, records: ["posts": Self.records()])
        let scanning = InMemoryDataSource(schema: Self.schema, records: ["posts": Self.records()], indexed: false)
        let expr = try PocketBaseFilter.parse(filter, schema: Self.schema, resource: "posts")
        let query = try Query("posts", where: expr).compiled(with: Self.schema)
        let viaIndex = try query.findIDs(in: indexed, environment: Self.env)
        #expect(viaIndex == (try query.findIDs(in: scanning, environment: Self.env)))
        #expect(!viaIndex.isEmpty)
        #expect((indexed.indexCache?.statistics.builds ?? 0 > 0) == expectIndex, "\(filter)")
    }
}
